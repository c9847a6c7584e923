// The customer's orders (/orders, from the account menu); a guest is asked to log in.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '../../api/instance';
import { OrderListEnvelopeSchema, type OrderResponse } from '../../api/contract/orders';
import { $session, openLogin, requireLogin } from '../../stores/session';
import { dayToDisplay } from '../../domain/dates';
import { formatCurrency } from '../../domain/format';
import { useT } from '../../i18n/client';
import { localizePath, toLocale } from '../../i18n/index';
import './islands.css';

export default function OrdersList({ locale }: { locale: string }) {
  const t = useT(locale);
  const lang = toLocale(locale);
  const session = useStore($session);
  const [orders, setOrders] = useState<OrderResponse[] | null>(null);

  useEffect(() => {
    // A guest on a protected page is sent to login (spec §2).
    if (!session.token) return requireLogin();
    api.get('v1/orders', { schema: OrderListEnvelopeSchema }).then(({ data }) => setOrders(data), () => setOrders([]));
  }, [session.token]);

  if (!session.token)
    return (
      <p>
        {t('order.loginNeeded')}{' '}
        <button type="button" className="button" onClick={openLogin}>
          {t('login.open')}
        </button>
      </p>
    );
  if (!orders) return <p aria-busy="true">{t('order.loading')}</p>;
  if (orders.length === 0) return <p>{t('order.none')}</p>;
  return (
    <table className="orders">
      <caption className="visually-hidden">{t('order.list')}</caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t('order.dates')}</th>
          <th scope="col">{t('order.status')}</th>
          <th scope="col">{t('checkout.total')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('order.open')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.uuid}>
            <td>
              {o.number}
              {o.shop ? ` · ${o.shop.label}` : ''}
            </td>
            <td>
              {dayToDisplay(o.date_from)}
              {o.date_to !== o.date_from ? ` – ${dayToDisplay(o.date_to)}` : ''}
            </td>
            <td>
              {t(`order.statuses.${o.status}`)}
              {o.status === 'confirmed' && ` · ${o.paid ? t('order.paid') : t('order.unpaid')}`}
            </td>
            <td>{formatCurrency(o.total_amount)}</td>
            <td>
              <a href={localizePath(lang, `/orders/${o.uuid}`)}>
                {t('order.open')} <span className="visually-hidden">{o.number}</span>
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
