// The customer's orders (/orders, from the account menu); a guest is asked to log in.
import { ScrollTable } from '~/components/ui/ScrollTable';
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { OrderResponse } from '~/api/contract/orders';
import { $session, openLogin, requireLogin } from '~/stores/session';
import { loadMyOrders } from './stores/orders';
import { dateShower } from '../shared/show-date';
import { formatCurrency } from '~/domain/format';
import { todayInRome } from '~/domain/dates';
import { listedState, splitByTime, type ListedState } from '~/domain/my-orders';
import { useT } from '~/i18n/client';
import { useCustomerPage } from '../shared/use-customer-page';
import { localizePath, toLocale } from '~/i18n/index';
import '~/components/ui/controls.css';

export default function OrdersList({ locale }: { locale: string }) {
  const t = useT(locale);
  const session = useStore($session);
  useCustomerPage(locale);
  const [orders, setOrders] = useState<OrderResponse[] | null>(null);

  useEffect(() => {
    // A guest on a protected page is sent to login (spec §2).
    if (!session.token) return requireLogin();
    void loadMyOrders().then(setOrders);
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
  const { upcoming, past } = splitByTime(orders, todayInRome());
  return (
    <>
      {upcoming.length > 0 && <OrdersTable orders={upcoming} caption={t('order.upcoming')} locale={locale} />}
      {past.length > 0 && <OrdersTable orders={past} caption={t('order.past')} locale={locale} />}
    </>
  );
}

function OrdersTable({ orders, caption, locale }: { orders: OrderResponse[]; caption: string; locale: string }) {
  const t = useT(locale);
  const showDate = dateShower(t);
  const lang = toLocale(locale);
  const today = todayInRome();
  return (
    <section className="orders-group">
      <h2>{caption}</h2>
      {/* A phone is narrower than the table: it scrolls inside its own labelled region, not the page. */}
      <ScrollTable label={caption} className="orders" columns={['#', t('order.dates'), t('order.status'), t('checkout.total')]}>
        {orders.map((o) => (
          <tr key={o.uuid}>
            <td>
              {/* The number opens the order: a target as wide as the number itself. */}
              <a className="orders__open" href={localizePath(lang, `/orders/${o.uuid}`)}>
                {o.number}
              </a>
              {o.shop && <span className="muted"> · {o.shop.label}</span>}
            </td>
            <td>
              {showDate(o.date_from)}
              {o.date_to !== o.date_from ? ` – ${showDate(o.date_to)}` : ''}
            </td>
            <td>{stateText(t, listedState(o, today))}</td>
            <td className="orders__amount">{formatCurrency(o.total_amount)}</td>
          </tr>
        ))}
      </ScrollTable>
    </section>
  );
}

function stateText(t: (key: string) => string, state: ListedState): string {
  if (state === 'cancelled') return t('order.statuses.cancelled');
  if (state === 'ended') return t('order.ended');
  return `${t('order.statuses.confirmed')} · ${t(state === 'paid' ? 'order.paid' : 'order.unpaid')}`;
}
