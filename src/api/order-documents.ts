// An order's identity documents after it was placed (spec §7): one added with POST
// v1/orders/{uuid}/media, one deleted with DELETE v1/media/{id}. The order's uuid opens both to its
// owner and to whoever holds the guest link, so the order page sends it with each. Quiet: every
// refusal (422 size or type, 410 an order that can no longer change, 503 the documents folder) is
// said by the page next to the file field, not by a notice.
import * as z from 'zod/mini';
import { MediaDeletedSchema, OrderResponseSchema, type OrderResponse } from './contract/orders';
import type { ApiClient } from './client';

const OrderMediasResponseSchema = z.object({ data: OrderResponseSchema.shape.medias });

export type OrderDocument = OrderResponse['medias'][number];

/** POST v1/orders/{uuid}/media: the order's documents once `file` is stored with them. */
export async function addOrderDocument(api: ApiClient, uuid: string, file: File): Promise<OrderDocument[]> {
  const form = new FormData();
  form.append('file', file);
  return (await api.post(`v1/orders/${encodeURIComponent(uuid)}/media`, { form, schema: OrderMediasResponseSchema, quiet: true })).data;
}

/** DELETE v1/media/{id}?order={uuid}: the document is soft-deleted. */
export async function deleteOrderDocument(api: ApiClient, uuid: string, id: number): Promise<void> {
  await api.delete(`v1/media/${id}`, { query: { order: uuid }, schema: MediaDeletedSchema, quiet: true });
}
