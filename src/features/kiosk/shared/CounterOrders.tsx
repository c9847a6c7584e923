// The list a counter screen opens on (cash desk, delivery, pickup): the shop's orders to hand out,
// today's and tomorrow's on two tabs, or today's returns, live through the shop's channel
// (stores/counter-orders.ts). Big rows read at arm's length: number, name, items, paid or the amount
// due; a row opens its order as a search result does (a link at the cash desk, a button at the
// counter). Render and dispatch only.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { CounterOrder } from '~/api/contract/counter';
import { COUNTER_TABS, counterMoney, type CounterScreen, type CounterTab } from '~/domain/counter-orders';
import { formatCurrency } from '~/domain/format';
import { $counterStatus, $counterTab, $counterView, chooseCounterTab, openCounterOrders } from './stores/counter-orders';
import './counter-orders.css';

type Props = {
  t: TFunction;
  screen: CounterScreen;
} & ({ hrefOf: (row: CounterOrder) => string; onOpen?: never } | { onOpen: (row: CounterOrder) => void; hrefOf?: never });

const EMPTY: Record<CounterTab | 'returns', string> = {
  today: 'kiosk.today.emptyToday',
  tomorrow: 'kiosk.today.emptyTomorrow',
  returns: 'kiosk.today.emptyReturns',
};

export default function CounterOrders({ t, screen, hrefOf, onOpen }: Props) {
  const view = useStore($counterView);
  const tab = useStore($counterTab);
  const status = useStore($counterStatus);
  const tabs = useRef<Partial<Record<CounterTab, HTMLButtonElement | null>>>({});
  useEffect(() => openCounterOrders(screen), [screen]);
  const withTabs = screen !== 'pickup';
  const title = withTabs ? t('kiosk.today.handOutTitle') : t('kiosk.today.returnsTitle');

  // Arrow keys move between the tabs (ARIA tabs pattern), the chosen tab following the focus.
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const at = COUNTER_TABS.indexOf(tab);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? COUNTER_TABS.length - 1
          : (at + (event.key === 'ArrowRight' ? 1 : COUNTER_TABS.length - 1)) % COUNTER_TABS.length;
    const chosen = COUNTER_TABS[next]!;
    chooseCounterTab(chosen);
    tabs.current[chosen]?.focus();
  };

  const rows = (
    <div aria-live="polite" aria-busy={!view || view.state === 'loading'}>
      {!view || view.state === 'loading' ? (
        <p>{t('kiosk.loading')}</p>
      ) : view.state === 'failed' ? (
        <p className="error">{t('kiosk.today.failed')}</p>
      ) : view.orders.length === 0 ? (
        <p className="counter-orders__empty">{t(EMPTY[withTabs ? tab : 'returns'])}</p>
      ) : (
        <ul className="counter-orders__rows" aria-label={title}>
          {view.orders.map((row) => (
            <li key={row.id} data-order={row.number}>
              {hrefOf ? (
                <a className="counter-row" href={hrefOf(row)}>
                  <RowContent t={t} row={row} />
                </a>
              ) : (
                <button type="button" className="counter-row" onClick={() => onOpen(row)}>
                  <RowContent t={t} row={row} />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {view?.truncated && <p className="notice">{t('kiosk.today.truncated', { count: view.orders.length })}</p>}
    </div>
  );

  return (
    <section className="counter-orders" aria-labelledby="counter-orders-title">
      <div className="counter-orders__head">
        <h2 id="counter-orders-title">{title}</h2>
        {status !== 'live' && (
          <p className="muted counter-orders__status" role={status === 'unauthorized' ? 'alert' : 'status'}>
            {t(`kiosk.today.status.${status}`)}
          </p>
        )}
      </div>
      {withTabs ? (
        <>
          <div className="counter-orders__tabs" role="tablist" aria-label={t('kiosk.today.tabs')}>
            {COUNTER_TABS.map((name) => (
              <button
                key={name}
                ref={(el) => {
                  tabs.current[name] = el;
                }}
                type="button"
                role="tab"
                id={`counter-tab-${name}`}
                aria-selected={tab === name}
                aria-controls="counter-panel"
                tabIndex={tab === name ? 0 : -1}
                className="counter-orders__tab"
                onClick={() => chooseCounterTab(name)}
                onKeyDown={onTabKey}
              >
                {t(`kiosk.today.${name}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id="counter-panel" aria-labelledby={`counter-tab-${tab}`}>
            {rows}
          </div>
        </>
      ) : (
        rows
      )}
    </section>
  );
}

function RowContent({ t, row }: { t: TFunction; row: CounterOrder }) {
  const money = counterMoney(row);
  return (
    <>
      <span className="counter-row__number">{row.number}</span>
      <span className="counter-row__name">
        {row.first_name} {row.last_name}
      </span>
      <span className="counter-row__items">{t('kiosk.today.items', { count: row.items })}</span>
      <span className="counter-row__money" data-paid={money.paid}>
        {money.paid ? t('kiosk.today.paid') : t('kiosk.today.due', { amount: formatCurrency(money.due) })}
      </span>
      {row.totem_code !== null && <span className="badge counter-row__kiosk">{t('kiosk.today.kiosk')}</span>}
    </>
  );
}
