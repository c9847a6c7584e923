// A shop's booking data (spec §7): its categories and products priced for the chosen dates, and the
// units free for them (one product's day by day, for the calendar: ./availability-days.ts).
import * as z from 'zod/mini';
import { AvailabilitiesSchema, ShopLoadSchema, type ShopLoad } from './contract/catalogue';
import type { shopRequestParams } from '../domain/booking-params';
import type { ApiClient } from './client';

/** The query of the shop and availabilities calls (dates, the order being edited, the fidelity card). */
export type BookingQuery = ReturnType<typeof shopRequestParams>;

const ShopLoadEnvelopeSchema = z.object({ data: ShopLoadSchema });

/** GET v1/shops/slug/{slug}: the shop, its categories and its products priced for `query`. */
export async function fetchShop(api: ApiClient, slug: string, query: BookingQuery): Promise<ShopLoad> {
  return (await api.get(`v1/shops/slug/${encodeURIComponent(slug)}`, { query, schema: ShopLoadEnvelopeSchema })).data;
}

/**
 * GET v1/shops/{id}/availabilities: free units by product for `query`. `background`: a re-read of
 * counts already on screen, which says nothing of its failure (the counts stay, the next try is soon).
 */
export async function fetchAvailabilities(api: ApiClient, shopId: number, query: BookingQuery, options: { signal?: AbortSignal; background?: boolean } = {}) {
  const quiet = options.background ?? false;
  const { availabilities } = await api.get(`v1/shops/${shopId}/availabilities`, { query, schema: AvailabilitiesSchema, signal: options.signal, quiet, quietOffline: quiet });
  return availabilities;
}
