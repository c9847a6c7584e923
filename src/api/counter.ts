// The counter's lists (cash desk, delivery, pickup), with the kiosk's token: the shop's orders to
// hand out on a day, or due back.
import { CounterOrdersEnvelopeSchema, type CounterOrders, type CounterOrdersQuery } from './contract/counter';
import { BOARD_READ_TIMEOUT_MS } from '../domain/kiosk-screens';
import type { ApiClient } from './client';

/**
 * GET v1/totem/counter_orders. No notice when no answer comes: the list says it is not live and
 * reads again by itself (as the board does); a hung read gives up after BOARD_READ_TIMEOUT_MS.
 */
export async function fetchCounterOrders(api: ApiClient, query: CounterOrdersQuery, signal?: AbortSignal): Promise<CounterOrders> {
  const { data } = await api.get('v1/totem/counter_orders', {
    query: { list: query.list, date: query.date },
    schema: CounterOrdersEnvelopeSchema,
    signal,
    quietOffline: true,
    timeoutMs: BOARD_READ_TIMEOUT_MS,
  });
  return data;
}
