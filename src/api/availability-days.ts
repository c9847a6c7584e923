// One product's free units day by day (spec §7): what the calendar shows for its month.
// Apart from ./shops.ts, so only the calendar loads the answer's schema.
import { AvailabilityDaysSchema } from './contract/availability';
import type { ApiClient } from './client';

export interface DayAvailabilityQuery {
  shopId: number;
  productId: number;
  from: string;
  to: string;
  editOrderCode: string | null;
}

/**
 * GET v1/shops/{id}/availabilities/days: one product's free units per half-day from `from` to `to`.
 * Quiet: the calendar says itself when its days could not be read.
 */
export async function fetchDayAvailability(api: ApiClient, request: DayAvailabilityQuery, signal?: AbortSignal) {
  const { data } = await api.get(`v1/shops/${request.shopId}/availabilities/days`, {
    query: { product_id: request.productId, from: request.from, to: request.to, edit_order_code: request.editOrderCode },
    schema: AvailabilityDaysSchema,
    signal,
    quiet: true,
    quietOffline: true,
  });
  return data;
}
