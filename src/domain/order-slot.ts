// The time slot an order books, as the shop expects its customer: the morning, the afternoon, whole
// days or the whole season. One rule for the voucher (server/vouchers/content.ts) and the
// confirmation page.
import { DateModes, type DateMode } from './dates';

export type OrderSlot = 'morning' | 'afternoon' | 'day' | 'season';

export function orderSlot(order: { multipleDates: DateMode; morning: boolean; afternoon: boolean; season: boolean }): OrderSlot {
  if (order.season || order.multipleDates === DateModes.SEASONAL) return 'season';
  if (order.multipleDates === DateModes.MORNING || (order.morning && !order.afternoon)) return 'morning';
  if (order.multipleDates === DateModes.AFTERNOON || (order.afternoon && !order.morning)) return 'afternoon';
  return 'day';
}
