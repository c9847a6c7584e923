// An order's rental sheet, for the shop's admin kiosks: GET v1/orders/{ref}/rental_sheet.pdf, one
// A4 page in the shop's language (server/README.md). Fetched with the kiosk's token, which a plain
// link would not carry, so the screen opens the bytes it answers.
import type { ApiClient } from './client';

/** The rental sheet PDF of order `id` (its id, number or uuid). Quiet: the button says a failure itself. */
export function fetchRentalSheet(api: ApiClient, id: number | string): Promise<Blob> {
  return api.getBlob(`v1/orders/${encodeURIComponent(String(id))}/rental_sheet.pdf`, { quiet: true, timeoutMs: 30_000 });
}
