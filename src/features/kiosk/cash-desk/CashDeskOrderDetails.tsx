// One order as the cash desk reads it: who and when, payment and hand-out state, the
// lines per person with their add-ons and discounts, coupons, taxes and totals. Render only.
import { ScrollTable } from '~/components/ui/ScrollTable';
import type { TFunction } from 'i18next';
import type { OrderResponse } from '~/api/contract/orders';
import { dayToDisplay, DateModes } from '~/domain/dates';
import { deliveryProgress, paidWhen } from '~/domain/desk-orders';
import { formatCurrency } from '~/domain/format';
import { receiptDiscount } from '~/domain/terminal';
import { measuresText } from '~/domain/person-measures';
import { paymentsWords } from './payment-words';

type Pool = OrderResponse['order_detail_pools'][number];

function modeText(t: TFunction, order: OrderResponse): string {
  if (order.multipleDates === DateModes.SEASONAL) return t('kiosk.cashDesk.modes.season');
  if (order.multipleDates === DateModes.MORNING) return t('kiosk.cashDesk.modes.morning');
  if (order.multipleDates === DateModes.AFTERNOON) return t('kiosk.cashDesk.modes.afternoon');
  return order.days > 1 ? t('kiosk.cashDesk.modes.days', { count: order.days }) : t('kiosk.cashDesk.modes.day');
}

const datesText = (order: OrderResponse) =>
  order.date_to.slice(0, 10) !== order.date_from.slice(0, 10)
    ? `${dayToDisplay(order.date_from.slice(0, 10))} – ${dayToDisplay(order.date_to.slice(0, 10))}`
    : dayToDisplay(order.date_from.slice(0, 10));

function personLabel(t: TFunction, pool: Pool): string {
  const name = [pool.customer?.first_name, pool.customer?.last_name].filter(Boolean).join(' ');
  return name || t('order.person', { n: pool.index + 1 });
}

export function paymentText(t: TFunction, order: OrderResponse): string {
  if (order.status === 'cancelled') return t('order.statuses.cancelled');
  if (!order.paid || !order.paid_at) return t('order.unpaid');
  const { date, time } = paidWhen(order.paid_at);
  if (order.online_payment_id) return t('kiosk.pay.paidOnline', { amount: formatCurrency(order.total_amount), id: order.online_payment_id });
  const payments = paymentsWords(t, order.payments, order.total_amount);
  return date ? t('kiosk.pay.paidOn', { date, time, payments }) : t('kiosk.pay.paidToday', { time, payments });
}

function deliveryText(t: TFunction, order: OrderResponse): string {
  const progress = deliveryProgress(order);
  if (progress.back > 0) return t('kiosk.cashDesk.deliveryBack', { back: progress.back, total: progress.total });
  if (progress.out > 0) return t('kiosk.cashDesk.deliveryOut', { out: progress.out, total: progress.total });
  return t('kiosk.cashDesk.deliveryNone');
}

export default function CashDeskOrderDetails({ t, order }: { t: TFunction; order: OrderResponse }) {
  return (
    <>
      <section aria-labelledby="desk-summary">
        <h3 id="desk-summary">{t('kiosk.cashDesk.summary')}</h3>
        <dl className="kiosk-facts">
          <dt>{t('kiosk.cashDesk.customer')}</dt>
          <dd data-testid="desk-customer">
            {order.first_name} {order.last_name}
          </dd>
          <dt>{t('kiosk.cashDesk.phone')}</dt>
          <dd>{order.phone}</dd>
          <dt>{t('kiosk.cashDesk.email')}</dt>
          <dd>{order.email}</dd>
          {order.invoice && (
            <>
              <dt>{t('kiosk.cashDesk.fiscalCode')}</dt>
              <dd>
                {order.fiscal_code} ({t('kiosk.cashDesk.invoice')})
              </dd>
            </>
          )}
          <dt>{t('order.dates')}</dt>
          <dd>{datesText(order)}</dd>
          <dt>{t('kiosk.cashDesk.mode')}</dt>
          <dd>{modeText(t, order)}</dd>
          <dt>{t('kiosk.cashDesk.placedAt')}</dt>
          <dd>{order.totem_code ? t('kiosk.cashDesk.placedAtKiosk', { totem: order.totem_code }) : t('kiosk.cashDesk.placedOnline')}</dd>
          {order.ref && (
            <>
              <dt>{t('kiosk.cashDesk.referral')}</dt>
              <dd data-testid="desk-referral">{order.ref}</dd>
            </>
          )}
          <dt>{t('order.status')}</dt>
          <dd>{t(`order.statuses.${order.status}`)}</dd>
          <dt>{t('kiosk.cashDesk.payment')}</dt>
          <dd data-testid="desk-payment-state">{paymentText(t, order)}</dd>
          <dt>{t('kiosk.cashDesk.delivery')}</dt>
          <dd data-testid="desk-delivery-state">{deliveryText(t, order)}</dd>
        </dl>
      </section>

      <section aria-labelledby="desk-lines">
        <h3 id="desk-lines">{t('kiosk.cashDesk.lines')}</h3>
        {order.order_detail_pools.map((pool) => (
          <ScrollTable
            key={pool.id}
            label={personLabel(t, pool)}
            className="desk-lines"
            columns={[t('kiosk.cashDesk.item'), t('kiosk.cashDesk.listPrice'), t('kiosk.cashDesk.discount'), t('kiosk.cashDesk.total')]}
            caption={
              <>
                {personLabel(t, pool)}
                {measuresText(t, pool.customer) && <span className="person-measures">{measuresText(t, pool.customer)}</span>}
              </>
            }
          >
            {pool.order_details.map((line) => {
              const discount = receiptDiscount(line.original_total_price, line.total_price);
              return (
                <tr key={line.id}>
                  <th scope="row">
                    {line.product_label}
                    {line.is_add_on && <span className="muted"> · {t('kiosk.cashDesk.addOn')}</span>}
                  </th>
                  <td className="orders__amount">{formatCurrency(line.original_total_price)}</td>
                  <td className="orders__amount">{discount > 0 ? `−${formatCurrency(discount)}` : '—'}</td>
                  <td className="orders__amount">{formatCurrency(line.total_price)}</td>
                </tr>
              );
            })}
          </ScrollTable>
        ))}
      </section>

      <section aria-labelledby="desk-totals">
        <h3 id="desk-totals">{t('kiosk.cashDesk.totals')}</h3>
        <dl className="totals desk-totals">
          <dt>{t('kiosk.cashDesk.originalTotal')}</dt>
          <dd>{formatCurrency(order.original_total_amount)}</dd>
          {order.discount > 0 && (
            <>
              <dt>{t('kiosk.cashDesk.discounts')}</dt>
              <dd>−{formatCurrency(order.discount)}</dd>
            </>
          )}
          {order.coupon_codes.length > 0 && (
            <>
              <dt>{t('kiosk.cashDesk.coupons')}</dt>
              <dd>{order.coupon_codes.join(', ')}</dd>
            </>
          )}
          <dt>{t('kiosk.cashDesk.taxable')}</dt>
          <dd>{formatCurrency(order.total_taxable)}</dd>
          <dt>{t('kiosk.cashDesk.tax')}</dt>
          <dd>{formatCurrency(order.total_tax)}</dd>
          <dt>{t('kiosk.cashDesk.toPay')}</dt>
          <dd>
            <strong data-testid="desk-total">{formatCurrency(order.total_amount)}</strong>
          </dd>
        </dl>
      </section>
    </>
  );
}
