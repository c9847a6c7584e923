// An order as the API answers it (OrderResponseSchema), for unit tests of what the browser does
// with one: the OpenAPI document's example order (two people on snowshoes and a city bike with a
// helmet, 12–13 December 2026, unpaid), without its document photo. And a row of the counters'
// lists, as the cash desk, delivery and pickup read them.
import type { CounterOrder } from '~/api/contract/counter';
import { OrderResponseSchema, type OrderResponse } from '~/api/contract/orders';
import { ORDER } from '~server/openapi/examples/orders';

export function orderResponse(change: Partial<OrderResponse> = {}): OrderResponse {
  return OrderResponseSchema.parse({ ...ORDER, medias: [], ...change });
}

/** Order `id` in a counter's list: Giulia Verdi's one item for 16 January 2027, unpaid, placed online. */
export function counterOrder(id: number, change: Partial<CounterOrder> = {}): CounterOrder {
  return {
    id,
    uuid: `uuid-${id}`,
    number: `06-${String(id).padStart(7, '0')}`,
    first_name: 'Giulia',
    last_name: 'Verdi',
    date_from: '2027-01-16',
    date_to: '2027-01-16',
    items: 1,
    units_out: 0,
    paid: false,
    total_amount: 22,
    totem_code: null,
    created_at: '2027-01-10T09:00:00.000Z',
    ...change,
  };
}
