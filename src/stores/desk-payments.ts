// The card payments this kiosk has in flight, by order uuid (kept across reloads): the state alone,
// apart from the store that drives them (stores/cash-desk.ts), so every kiosk page can count them
// (DeskPaymentsChip) without loading the terminal and recording code until there is one to resume.
import { DeskPaymentsSchema } from '../api/contract/kiosk-storage';
import { DESK_PAYMENTS_KEY } from './keys';
import { persistentValidated } from './persisted';

export const $deskPayments = persistentValidated(DESK_PAYMENTS_KEY, DeskPaymentsSchema, () => ({}));
