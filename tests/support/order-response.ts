// An order as the API answers it (OrderResponseSchema), for unit tests of what the browser does
// with one: the OpenAPI document's example order (two people on snowshoes and a city bike with a
// helmet, 12–13 December 2026, unpaid), without its document photo.
import { OrderResponseSchema, type OrderResponse } from '~/api/contract/orders';
import { ORDER } from '~server/openapi/examples/orders';

export function orderResponse(change: Partial<OrderResponse> = {}): OrderResponse {
  return OrderResponseSchema.parse({ ...ORDER, medias: [], ...change });
}
