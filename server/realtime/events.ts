// Order events on the shop's private channel (issue #7): created, changed, paid, delivered, picked
// up, pushed in queue. A small summary travels (Pusher caps a message at 10 kB); the kiosk fetches
// the order when it needs more.
import { shopChannel, type OrderEvent, type OrderEventName } from '../../src/api/contract/realtime';
import type { AppDeps } from '../http/context';
import type { OrderRow } from '../orders/write';

export function orderEvent(order: OrderRow, at: Date): OrderEvent {
  return {
    id: order.id,
    uuid: order.uuid,
    number: order.number,
    shop_id: order.shopId,
    status: order.status,
    paid: !!order.paidAt,
    date_from: order.dateFrom,
    date_to: order.dateTo,
    first_name: order.firstName,
    last_name: order.lastName,
    total_amount: order.totalAmount,
    at: at.toISOString(),
  };
}

/** Publishes without failing the request: the realtime driver logs its own errors. */
export function publishOrder(deps: Pick<AppDeps, 'realtime' | 'now'>, event: OrderEventName, order: OrderRow): Promise<void> {
  return deps.realtime.publish(shopChannel(order.shopId), event, orderEvent(order, deps.now()));
}
