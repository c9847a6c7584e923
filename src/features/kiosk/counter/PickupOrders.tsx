// The orders at the pickup counter: per order, the units still out (those scanned marked so), each
// beside the person it was for with their measures and the size booked (what the technician checks
// the returned boots and skis against), and the units back, whose pickup can be undone. Render only.
import { ScrollTable } from '~/components/ui/ScrollTable';
import type { TFunction } from 'i18next';
import type { OrderResponse } from '~/api/contract/orders';
import { returned, stillOut, unitCodeOf } from '~/domain/delivery';
import type { DeliveryDetail } from '~/api/contract/orders';
import { formatDateTime } from '~/domain/format';
import { measuresText } from '~/domain/person-measures';
import { dayLabels } from './ExtraProducts';
import { personTitle } from './DeliveryLines';

interface Props {
  t: TFunction;
  orders: OrderResponse[];
  scannedCodes: ReadonlySet<string>;
  sendingCodes: ReadonlySet<string>;
  onResetPickup: (deliveryDetailId: number, code: string) => void;
}

function labelOf(order: OrderResponse, detail: DeliveryDetail): string {
  return lineOf(order, detail)?.line.product_label ?? detail.delivery_detail_specific_product?.specific_product.product_model ?? '';
}

/** The order line a hand-out is for, with its pool's place and person; none for an extra. */
function lineOf(order: OrderResponse, detail: DeliveryDetail) {
  for (const [person, pool] of order.order_detail_pools.entries())
    for (const line of pool.order_details) if (line.id === detail.id_order_detail) return { line, person, customer: pool.customer };
  return null;
}

/** The size booked, then "Persona 1: Anna Verdi · Altezza 168 cm · Scarpe 42 EU · Intermedio"; nothing for an extra. */
function PersonOf({ t, order, detail }: { t: TFunction; order: OrderResponse; detail: DeliveryDetail }) {
  const found = lineOf(order, detail);
  if (!found) return null;
  const measures = measuresText(t, found.customer);
  const name = [found.customer?.first_name, found.customer?.last_name].filter(Boolean).join(' ');
  return (
    <>
      {found.line.size && <span> · {t('kiosk.delivery.size', { size: found.line.size })}</span>}
      <span className="person-measures">
        {personTitle(t, found.person, name)}
        {measures && ` · ${measures}`}
      </span>
    </>
  );
}

export default function PickupOrders({ t, orders, scannedCodes, sendingCodes, onResetPickup }: Props) {
  const when = (v: string | null | undefined) => (v ? formatDateTime(v, new Date(), dayLabels(t)) : '—');
  return (
    <>
      {orders.map((order) => {
        const out = stillOut(order);
        const back = returned(order);
        const outTitle = t('kiosk.pickup.out.title', { number: order.number, count: out.length });
        const backTitle = t('kiosk.pickup.back.title', { number: order.number });
        return (
          <section key={order.id} className="pickup-order">
            <h2>
              {t('kiosk.delivery.order', { number: order.number })} · {order.first_name} {order.last_name}
            </h2>
            {out.length === 0 ? (
              <p>{t('kiosk.pickup.out.none')}</p>
            ) : (
              <ScrollTable
                label={outTitle}
                caption={outTitle}
                className="delivery-lines pickup-out"
                columns={[t('kiosk.pickup.table.unit'), t('kiosk.pickup.table.product'), t('kiosk.pickup.table.since'), t('kiosk.pickup.table.state')]}
              >
                {out.map((d) => {
                  const code = unitCodeOf(d);
                  const state = scannedCodes.has(code) ? 'scanned' : sendingCodes.has(code) ? 'sending' : 'out';
                  return (
                    <tr key={d.id} data-code={code}>
                      <th scope="row">{code}</th>
                      <td>
                        {labelOf(order, d)}
                        <PersonOf t={t} order={order} detail={d} />
                      </td>
                      <td>{when(d.datetime_delivery)}</td>
                      <td>
                        <span className={`badge delivery-state delivery-state--${state}`}>{t(`kiosk.pickup.status.${state}`)}</span>
                      </td>
                    </tr>
                  );
                })}
              </ScrollTable>
            )}
            {back.length > 0 && (
              <ScrollTable
                label={backTitle}
                caption={backTitle}
                className="delivery-lines pickup-back"
                columns={[t('kiosk.pickup.table.unit'), t('kiosk.pickup.table.product'), t('kiosk.pickup.table.returned'), t('kiosk.pickup.table.actions')]}
              >
                {back.map((d) => {
                  const code = unitCodeOf(d);
                  return (
                    <tr key={d.id} data-code={code}>
                      <th scope="row">{code}</th>
                      <td>{labelOf(order, d)}</td>
                      <td>{when(d.datetime_return)}</td>
                      <td>
                        <button type="button" className="button button--secondary" onClick={() => onResetPickup(d.id, code)}>
                          {t('kiosk.pickup.reset', { code })}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </ScrollTable>
            )}
          </section>
        );
      })}
    </>
  );
}
