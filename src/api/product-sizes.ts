// A product's free units per size for the chosen dates (POST v1/products/{id}/available_size).
// Apart from ./shops.ts: only the booking's size step loads it, on demand.
import { AvailableSizesResponseSchema } from './contract/catalogue';
import type { ApiClient } from './client';

/** The dates as the shop is asked for them (stores/configuration.ts bookingParams), sent as the body. */
export type SizesQuery = Record<string, string | undefined>;

/** Quiet: the size step says itself when the sizes could not be read, and offers to try again. */
export async function fetchAvailableSizes(api: ApiClient, productId: number, query: SizesQuery, signal?: AbortSignal) {
  const { data } = await api.post(`v1/products/${productId}/available_size`, {
    json: query,
    schema: AvailableSizesResponseSchema,
    signal,
    quiet: true,
    quietOffline: true,
  });
  return data;
}
