// The cash desk's order list (/totem/cash-desk, admin totems): with nothing typed, the shop's
// orders to hand out today (tomorrow's on the second tab), live, the newest kiosk orders on top
// (shared/CounterOrders.tsx); the shop's orders searched by number, name, phone or a day they cover,
// money to collect or equipment to hand out first. Typing anywhere goes to the search field, so a
// scanner typing an order number and Enter searches whatever had the focus. A type-30 cash desk also
// closes the cashier here.
import { ScrollTable } from '~/components/ui/ScrollTable';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { OrderResponse } from '~/api/contract/orders';
import type { ShopOrderQuery } from '~/api/staff-orders';
import { dayToDisplay, todayInRome } from '~/domain/dates';
import { deskOrderFlags } from '~/domain/desk-orders';
import { formatCurrency } from '~/domain/format';
import { totemRole } from '~/domain/kiosk';
import { $configuration } from '~/stores/configuration';
import { $deskSearch, searchDeskOrders } from '../shared/stores/order-search';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';
import { useTypeToField } from '../shared/useTypeToField';
import CashierClose from './CashierClose';
import '../shared/kiosk.css';

// The list of the day is a chunk of its own, as the counter's (shared/OrderFinder.tsx says why).
const CounterOrders = lazy(() => import('../shared/CounterOrders'));

export default function CashDeskSearch({ locale }: { locale: string }) {
  const t = useT(locale);
  const lang = toLocale(locale);
  const role = totemRole(useStore($configuration).totem?.type);
  // Null: nothing typed, the list of the day is shown.
  const [query, setQuery] = useState<ShopOrderQuery | null>(null);
  const today = todayInRome();
  const [text, setText] = useState('');
  const [date, setDate] = useState('');
  const search = useStore($deskSearch);
  const input = useRef<HTMLInputElement>(null);

  useTypeToField(input);
  // The search and its order are the store's (stores/order-search.ts); a failed one lists nothing.
  useEffect(() => (query ? searchDeskOrders(query, today).stop : undefined), [query]);
  const orders = search.state === 'loading' ? null : search.orders;

  return (
    <div className="cash-desk">
      <form
        className="kiosk-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(text || date ? { q: text || undefined, date: date || undefined } : null);
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
      {query === null ? (
        <Suspense fallback={<p aria-busy="true">{t('kiosk.loading')}</p>}>
          <CounterOrders t={t} screen="desk" hrefOf={(o) => localizePath(lang, `/totem/cash-desk/${o.uuid}`)} />
        </Suspense>
      ) : (
        <div aria-live="polite">
          {orders === null ? (
            <p aria-busy="true">{t('order.loading')}</p>
          ) : orders.length === 0 ? (
            <p>{t('kiosk.orders.none')}</p>
          ) : (
            <ScrollTable
              label={t('kiosk.orders.results')}
              className="orders kiosk-orders"
              columns={['#', t('kiosk.orders.customer'), t('order.dates'), t('order.status'), t('checkout.total')]}
            >
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
                    <Badges t={t} order={o} today={today} />
                  </td>
                  <td className="orders__amount">{formatCurrency(o.total_amount)}</td>
                </tr>
              ))}
            </ScrollTable>
          )}
        </div>
      )}
      {role.isCashDesk && <CashierClose t={t} />}
    </div>
  );
}

function Badges({ t, order, today }: { t: ReturnType<typeof useT>; order: OrderResponse; today: string }) {
  const flags = deskOrderFlags(order, today);
  if (!flags.toCollect && !flags.toHandOut) return null;
  return (
    <span className="desk-badges">
      {flags.toCollect && <span className="badge badge--collect">{t('kiosk.cashDesk.badges.toCollect')}</span>}
      {flags.toHandOut && <span className="badge badge--handout">{t('kiosk.cashDesk.badges.toHandOut')}</span>}
    </span>
  );
}
