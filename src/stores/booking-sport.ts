// The sport whose products the booking page shows (its tab, src/features/customer/booking): set by
// the page's tabs and, on a public kiosk, by the start screen's tiles, which then bring its
// products into view. A category slug ('sci', or one of its categories); null: the address's
// `?category=`, else the shop's first sport.
import { atom } from 'nanostores';

export const $bookingSport = atom<string | null>(null);
