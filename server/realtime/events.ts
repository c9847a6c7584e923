// Order events on the shop's private channel: created, changed, paid, delivered, picked
// up, pushed in queue. A small summary travels (Pusher caps a message at 10 kB); the kiosk fetches
// what it needs with its own rights (the board re-reads v1/totem/board). Every totem of the shop,
// the public kiosk (type 10) included, receives these events, so they carry no capability and no
// personal data: no uuid (it opens the guest link), no name, phone, e-mail or amount.
import { shopChannel, type OrderEvent, type OrderEventName } from '~/api/contract/realtime';
import type { AppDeps } from '../http/context';
import type { OrderRow } from '../orders/write';

export function orderEvent(order: OrderRow, at: Date): OrderEvent {
  return {
    id: order.id,
    number: order.number,
    shop_id: order.shopId,
    status: order.status,
    paid: !!order.paidAt,
    date_from: order.dateFrom,
    date_to: order.dateTo,
    at: at.toISOString(),
  };
}

/**
 * Publishes without failing the request: the realtime driver logs its own errors. Every payment
 * recorded (online from the provider's notification, at a kiosk's cash desk) is announced here
 * once, and counted in the metrics here for that reason.
 */
export function publishOrder(deps: Pick<AppDeps, 'realtime' | 'now' | 'metrics'>, event: OrderEventName, order: OrderRow): Promise<void> {
  if (event === 'order.paid') deps.metrics.paymentsRecorded.inc({ method: order.paidTotemId === null ? 'online' : 'kiosk' });
  return deps.realtime.publish(shopChannel(order.shopId), event, orderEvent(order, deps.now()));
}
