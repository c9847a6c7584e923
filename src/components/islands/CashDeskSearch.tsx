// The cash desk's order list (/totem/cash-desk, admin totems): the shop's orders, searched by
// number, name, phone or a day they cover. A scanner typing an order number and Enter searches.
import { useEffect, useRef, useState } from 'react';
import type { OrderResponse } from '../../api/contract/orders';
import { searchShopOrders, type ShopOrderQuery } from '../../api/staff-orders';
import { dayToDisplay } from '../../domain/dates';
import { formatCurrency } from '../../domain/format';
import { useT } from '../../i18n/client';
import { localizePath, toLocale } from '../../i18n/index';
import { useTotemGuard } from './useTotemGuard';
import './kiosk.css';

export default function CashDeskSearch({ locale }: { locale: string }) {
  const allowed = useTotemGuard();
  const t = useT(locale);
  if (!allowed) return <p aria-busy="true">{t('kiosk.loading')}</p>;
  return <OrderSearch locale={locale} />;
}

function OrderSearch({ locale }: { locale: string }) {
  const t = useT(locale);
  const lang = toLocale(locale);
  const [query, setQuery] = useState<ShopOrderQuery>({});
  const [text, setText] = useState('');
  const [date, setDate] = useState('');
  const [orders, setOrders] = useState<OrderResponse[] | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const abort = new AbortController();
    setOrders(null);
    searchShopOrders(query, abort.signal).then(setOrders, (err: Error) => {
      if (err.name !== 'AbortError') setOrders([]);
    });
    return () => abort.abort();
  }, [query]);

  return (
    <div className="cash-desk">
      <form
        className="kiosk-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery({ q: text || undefined, date: date || undefined });
          input.current?.select();
        }}
      >
        <div className="field">
          <label htmlFor="orders-q">{t('kiosk.orders.search')}</label>
          <input ref={input} id="orders-q" type="search" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} autoFocus />
        </div>
        <div className="field">
          <label htmlFor="orders-date">{t('kiosk.orders.day')}</label>
          <input id="orders-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </div>
        <button type="submit" className="button">
          {t('kiosk.orders.find')}
        </button>
      </form>
      <div aria-live="polite">
        {orders === null ? (
          <p aria-busy="true">{t('order.loading')}</p>
        ) : orders.length === 0 ? (
          <p>{t('kiosk.orders.none')}</p>
        ) : (
          <div className="table-scroll" role="region" aria-label={t('kiosk.orders.results')} tabIndex={0}>
            <table className="orders kiosk-orders">
              <caption className="visually-hidden">{t('kiosk.orders.results')}</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('kiosk.orders.customer')}</th>
                  <th scope="col">{t('order.dates')}</th>
                  <th scope="col">{t('order.status')}</th>
                  <th scope="col">{t('checkout.total')}</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={o.uuid}>
                    <td>
                      <a className="orders__open" href={localizePath(lang, `/totem/cash-desk/${o.uuid}`)}>
                        {o.number}
                      </a>
                    </td>
                    <td>
                      {o.first_name} {o.last_name}
                    </td>
                    <td>
                      {dayToDisplay(o.date_from)}
                      {o.date_to !== o.date_from ? ` – ${dayToDisplay(o.date_to)}` : ''}
                    </td>
                    <td>
                      {t(`order.statuses.${o.status}`)}
                      {o.status === 'confirmed' && ` · ${o.paid ? t('order.paid') : t('order.unpaid')}`}
                    </td>
                    <td className="orders__amount">{formatCurrency(o.total_amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  );
}
