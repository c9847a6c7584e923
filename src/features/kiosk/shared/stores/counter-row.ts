// Opening a row of the counter's list of the day at delivery or pickup: the row carries what the
// list shows, the screen needs the whole order, as the counter's search answers it. Apart from the
// list's store, so the cash desk (whose rows are links) does not carry the counter's requests.
import type { CounterOrder } from '~/api/contract/counter';
import type { OrderResponse } from '~/api/contract/orders';
import { fetchOrder } from '~/api/delivery';
import { loadApi } from '~/stores/api-loader';

export async function readCounterOrder(row: Pick<CounterOrder, 'id'>): Promise<OrderResponse> {
  return fetchOrder(await loadApi(), row.id);
}
