// An order's confirmation (/orders/confirmed/?order={uuid}), where the checkout sends a just-placed
// order: the number large and its code, the dates and slot, where and when to pick up (the shop's
// address, hours and map from the order's answer), what to bring, what is paid or due and how to
// pay, and for a guest the order's link. Read from the API by the uuid in the address, the guest
// link's own capability, so a reload, Back or another language shows it again.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { OrderResponse } from '~/api/contract/orders';
import { $orderPage, reloadOrder, showOrder } from './stores/orders';
import { $session } from '~/stores/session';
import { notify } from '~/stores/notifications';
import { dateShower } from '../shared/show-date';
import { formatCurrency } from '~/domain/format';
import { confirmedOrderId } from '~/domain/orders';
import { orderSlot } from '~/domain/order-slot';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';
import OrderNumber from '~/components/ui/OrderNumber';
import OrderVoucher from '../shared/OrderVoucher';
import PayButton from '../shared/PayButton';
import '~/components/ui/controls.css';
import './confirmed.css';

export default function OrderConfirmed({ locale }: { locale: string }) {
  const t = useT(locale);
  const showDate = dateShower(t);
  const lang = toLocale(locale);
  const { order, state } = useStore($orderPage);
  const guest = !useStore($session).user;
  const id = typeof location === 'undefined' ? null : confirmedOrderId(location.search);

  useEffect(() => showOrder(id, null, (notice) => notify(t(notice.key), notice.level)).stop, [id]);

  if (state === 'loading') return <p aria-busy="true">{t('order.loading')}</p>;
  if (state === 'missing' || !order) return <p role="alert">{t('order.notFound')}</p>;

  const orderPath = localizePath(lang, `/orders/${order.uuid}`);
  const shop = order.shop;
  const hours = shop?.opening_hours?.[lang];
  return (
    <article className="confirmed">
      <OrderNumber number={order.number} label={t('order.confirmation.number')} />
      {order.status === 'cancelled' && <p className="notice">{t('order.confirmation.cancelled')}</p>}
      <p>{t('order.confirmation.emailSent', { email: order.email })}</p>
      {order.status === 'confirmed' && <OrderVoucher locale={locale} order={order} />}

      <section aria-labelledby="confirmed-when">
        <h2 id="confirmed-when">{t('order.confirmation.when')}</h2>
        <dl className="totals">
          <dt>{t('order.dates')}</dt>
          <dd>{datesText(order, showDate)}</dd>
          <dt>{t('order.confirmation.slot')}</dt>
          <dd>{t(`order.confirmation.slots.${orderSlot(order)}`)}</dd>
        </dl>
      </section>

      {shop && (
        <section aria-labelledby="confirmed-where">
          <h2 id="confirmed-where">{t('order.confirmation.where')}</h2>
          <address>
            <strong>{shop.label}</strong>
            {shop.address && <span>{shop.address}</span>}
            {shop.phone && <a href={`tel:${shop.phone.replace(/\s+/g, '')}`}>{shop.phone}</a>}
          </address>
          {hours && <p>{t('order.confirmation.hours', { hours })}</p>}
          {shop.map_url && (
            <p>
              <a href={shop.map_url} rel="noopener">
                {t('order.confirmation.map')}
              </a>
            </p>
          )}
        </section>
      )}

      <section aria-labelledby="confirmed-bring">
        <h2 id="confirmed-bring">{t('order.confirmation.bring')}</h2>
        <ul>
          <li>{t('order.confirmation.bringDocuments')}</li>
          <li>{t('order.confirmation.bringCode')}</li>
        </ul>
      </section>

      <section aria-labelledby="confirmed-payment">
        <h2 id="confirmed-payment">{t('order.confirmation.payment')}</h2>
        <dl className="totals">
          <dt>{order.paid ? t('order.confirmation.paid') : t('order.confirmation.due')}</dt>
          <dd>
            <strong data-testid="server-total">{formatCurrency(order.total_amount)}</strong>
          </dd>
        </dl>
        {!order.paid && order.status === 'confirmed' && order.total_amount > 0 && <p>{t('order.confirmation.howToPay')}</p>}
        <p className="actions">
          <PayButton locale={locale} order={order} onRefused={() => void reloadOrder()} />
        </p>
      </section>

      {guest && (
        <section aria-labelledby="confirmed-link">
          <h2 id="confirmed-link">{t('order.confirmation.link')}</h2>
          <p>{t('order.confirmation.linkHelp')}</p>
          <p className="order-link">
            <a href={orderPath}>{new URL(orderPath, location.origin).href}</a>
          </p>
        </section>
      )}
      <p className="actions">
        <a className="button" href={orderPath}>
          {t('order.confirmation.viewOrder')}
        </a>
      </p>
    </article>
  );
}

function datesText(order: Pick<OrderResponse, 'date_from' | 'date_to'>, showDate: (day: string) => string): string {
  return order.date_to !== order.date_from ? `${showDate(order.date_from)} – ${showDate(order.date_to)}` : showDate(order.date_from);
}
