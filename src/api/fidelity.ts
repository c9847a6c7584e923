// A fidelity card typed by the customer (spec §4): GET v1/fidelity_card/info says whether the number
// is a valid card and its discount.
import type * as z from 'zod/mini';
import { FidelityInfoResponseSchema, type FidelityInfoSchema } from './contract/fidelity';
import type { ApiClient } from './client';

/** The card as the API knows it. Quiet: an unknown card is said by the field, not a notice. */
export async function fetchFidelityCard(api: ApiClient, number: string): Promise<z.infer<typeof FidelityInfoSchema>> {
  return (await api.get('v1/fidelity_card/info', { query: { fidelity_card_number: number }, schema: FidelityInfoResponseSchema, quiet: true })).data;
}
