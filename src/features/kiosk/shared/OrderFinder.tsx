// Finds the order on the counter (delivery, pickup): by number, name or phone, or by scanning the
// order's number (an exact number opens the order at once). With nothing typed: the list of the day
// (CounterOrders: delivery's orders to hand out today and tomorrow, pickup's returns of today), a
// row opening its order as a search result does. On delivery, typing anywhere goes to the search.
import { ScrollTable } from '~/components/ui/ScrollTable';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import type { OrderResponse } from '~/api/contract/orders';
import type { ShopOrderQuery } from '~/api/staff-orders';
import { dayToDisplay } from '~/domain/dates';
import type { CounterScreen } from '~/domain/counter-orders';
import { notify } from '~/stores/notifications';
import { $finderSearch, findShopOrders } from './stores/order-search';
import { readCounterOrder } from './stores/counter-row';
import { useTypeToField } from './useTypeToField';

// The list of the day is a chunk of its own (its live store and pusher-js come after it): the screen's
// first scripts stay within the kiosk's budget, and the worker precaches it for an offline start.
const CounterOrders = lazy(() => import('./CounterOrders'));

interface Props {
  t: TFunction;
  onChoose: (order: OrderResponse) => void;
  /** Which list of the day shows while nothing is typed. */
  screen: Exclude<CounterScreen, 'desk'>;
  /** Focus the search when it opens (not when a scan field on the same screen takes it). */
  autoFocus?: boolean;
}

const datesOf = (o: OrderResponse) =>
  `${dayToDisplay(o.date_from.slice(0, 10))}${o.date_to !== o.date_from ? ` – ${dayToDisplay(o.date_to.slice(0, 10))}` : ''}`;

export default function OrderFinder({ t, onChoose, screen, autoFocus = true }: Props) {
  // Null: nothing typed, the list of the day is shown.
  const [query, setQuery] = useState<ShopOrderQuery | null>(null);
  const search = useStore($finderSearch);
  const input = useRef<HTMLInputElement>(null);

  // Where the scan field has the focus (pickup), typing is the scan field's.
  useTypeToField(input, autoFocus);
  useEffect(() => {
    if (!query) return;
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
          setQuery(q ? { q } : null);
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
      {query === null ? (
        <Suspense fallback={<p aria-busy="true">{t('kiosk.loading')}</p>}>
          <CounterOrders
            t={t}
            screen={screen}
            onOpen={(row) =>
              void readCounterOrder(row).then(onChoose, () => {
                notify(t('kiosk.today.failed'), 'error');
              })
            }
          />
        </Suspense>
      ) : (
        <div aria-live="polite">
          {orders === null ? (
            <p aria-busy="true">{t('kiosk.loading')}</p>
          ) : failed ? (
            <p className="error">{t('kiosk.delivery.finder.failed')}</p>
          ) : orders.length === 0 ? (
            <p>{t('kiosk.delivery.finder.none')}</p>
          ) : (
            <ScrollTable
              label={t('kiosk.delivery.finder.results')}
              className="orders kiosk-orders"
              columns={[
                '#',
                t('kiosk.delivery.finder.customer'),
                t('kiosk.delivery.finder.dates'),
                <span className="visually-hidden">{t('kiosk.delivery.finder.open')}</span>,
              ]}
            >
              {orders.map((o) => (
                <tr key={o.id}>
                  <td>{o.number}</td>
                  <td>
                    {o.first_name} {o.last_name}
                  </td>
                  <td>{datesOf(o)}</td>
                  <td>
                    <button type="button" className="button" onClick={() => onChoose(o)}>
                      {t('kiosk.delivery.finder.choose', {
                        number: o.number,
                      })}
                    </button>
                  </td>
                </tr>
              ))}
            </ScrollTable>
          )}
        </div>
      )}
    </section>
  );
}

export { datesOf };
