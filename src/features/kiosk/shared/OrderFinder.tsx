// Finds the order on the counter (delivery, pickup): by number, name or phone, or by scanning the
// order's number (an exact number opens the order at once). With nothing typed: today's orders.
import { useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import type { OrderResponse } from '../../../api/contract/orders';
import type { ShopOrderQuery } from '../../../api/staff-orders';
import { dayToDisplay, todayInRome } from '../../../domain/dates';
import { $finderSearch, findShopOrders } from './stores/order-search';

interface Props {
  t: TFunction;
  onChoose: (order: OrderResponse) => void;
  /** Focus the search when it opens (not when a scan field on the same screen takes it). */
  autoFocus?: boolean;
}

const datesOf = (o: OrderResponse) => `${dayToDisplay(o.date_from.slice(0, 10))}${o.date_to !== o.date_from ? ` – ${dayToDisplay(o.date_to.slice(0, 10))}` : ''}`;

export default function OrderFinder({ t, onChoose, autoFocus = true }: Props) {
  const [query, setQuery] = useState<ShopOrderQuery>(() => ({ date: todayInRome() }));
  const search = useStore($finderSearch);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // The search is the store's (stores/order-search.ts); an exact number opens that order.
    const run = findShopOrders(query);
    void run.done.then((outcome) => {
      if (outcome.kind === 'exact') onChoose(outcome.order);
    });
    return run.stop;
  }, [query]);
  const orders = search.state === 'loading' ? null : search.orders;
  const failed = search.state === 'failed';

  return (
    <section className="order-finder" aria-labelledby="order-finder-title">
      <h2 id="order-finder-title">{t('kiosk.delivery.finder.title')}</h2>
      <form
        className="kiosk-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const q = input.current?.value.trim() ?? '';
          setQuery(q ? { q } : { date: todayInRome() });
          input.current?.select();
        }}
      >
        <div className="field">
          <label htmlFor="order-finder-q">{t('kiosk.delivery.finder.label')}</label>
          <input ref={input} id="order-finder-q" type="search" autoComplete="off" autoFocus={autoFocus} />
        </div>
        <button type="submit" className="button">
          {t('kiosk.delivery.finder.find')}
        </button>
      </form>
      <div aria-live="polite">
        {orders === null ? (
          <p aria-busy="true">{t('kiosk.loading')}</p>
        ) : failed ? (
          <p className="error">{t('kiosk.delivery.finder.failed')}</p>
        ) : orders.length === 0 ? (
          <p>{t('kiosk.delivery.finder.none')}</p>
        ) : (
          <div className="table-scroll" role="region" aria-label={t('kiosk.delivery.finder.results')} tabIndex={0}>
            <table className="orders kiosk-orders">
              <caption className="visually-hidden">{t('kiosk.delivery.finder.results')}</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('kiosk.delivery.finder.customer')}</th>
                  <th scope="col">{t('kiosk.delivery.finder.dates')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('kiosk.delivery.finder.open')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={o.id}>
                    <td>{o.number}</td>
                    <td>
                      {o.first_name} {o.last_name}
                    </td>
                    <td>{datesOf(o)}</td>
                    <td>
                      <button type="button" className="button" onClick={() => onChoose(o)}>
                        {t('kiosk.delivery.finder.choose', { number: o.number })}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

export { datesOf };
