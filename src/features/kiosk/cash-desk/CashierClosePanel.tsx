// Closing the cashier at the end of the day (type-30 totems): asks first (the terminal
// prints its report and restarts its totals), then shows the terminal's total next to the one the
// API recorded and the difference when they disagree. A close the API did not record keeps the
// terminal's report on screen with a retry, so the terminal is never closed twice. The close's
// progress and result live in stores/cashier.ts (kept across a reload); this only renders them.
// Loaded by CashierClose on the first tap, or at once when a close is under way or has a result.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { $cashierBusy, $cashierClose, closeCashier, recordClose, type CashierCloseState } from './stores/cashier';
import CashierDayReport from './CashierDayReport';
import type { CashierComparison } from '~/domain/desk-payments';
import { formatCurrency } from '~/domain/format';
import { noticeText } from '~/domain/messages';

// The outcome is in $cashierClose; the promise's rejection is already shown from there.
const dispatch = (work: () => Promise<unknown>) => void work().catch(() => undefined);

/** `ask`: opened by a tap on the close button, so the question shows at once. */
export default function CashierClosePanel({ t, ask = false }: { t: TFunction; ask?: boolean }) {
  const [asking, setAsking] = useState(ask);
  const state = useStore($cashierClose);
  const busy = useStore($cashierBusy);

  return (
    <section className="cashier" aria-labelledby="cashier-title">
      <h2 id="cashier-title" className="visually-hidden">
        {t('kiosk.cashier.close')}
      </h2>
      <p className="actions">
        <button type="button" className="button button--secondary" disabled={busy || state.step === 'unrecorded'} onClick={() => setAsking(true)}>
          {t('kiosk.cashier.close')}
        </button>
      </p>
      <div aria-live="polite">
        {busy && (
          <p className="notice" aria-busy="true">
            {t('kiosk.cashier.closing')}
          </p>
        )}
        {!busy && state.step === 'terminal' && (
          <p role="alert" className="error">
            {t('kiosk.cashier.interrupted')}
          </p>
        )}
        {!busy && state.step === 'done' && <Comparison t={t} comparison={state.comparison} />}
        {!busy && state.step === 'done' && <MethodsResult t={t} state={state} />}
        {!busy && state.step === 'unrecorded' && (
          <div role="alert">
            {/* No error: the page was reloaded while a try ran; the retry (same key) finds out. */}
            <p className="error">{state.error ? t('kiosk.cashier.notRecorded', { error: noticeText(state.error, t) }) : t('kiosk.cashier.unconfirmed')}</p>
            {state.report.totals && (
              <p>
                {t('kiosk.cashier.terminal')}: {t('kiosk.cashier.payments', { count: state.report.totals.payments, amount: formatCurrency(state.report.totals.amount) })}
              </p>
            )}
            <p className="actions">
              <button type="button" className="button" onClick={() => dispatch(recordClose)}>
                {t('kiosk.cashier.retry')}
              </button>
            </p>
          </div>
        )}
        {!busy && state.step === 'failed' && (
          <p role="alert" className="error">
            {t('kiosk.cashier.failed', { message: noticeText(state.error, t) })}
          </p>
        )}
      </div>
      {/* The day by method first, the cash counted or confirmed; only then the terminal closes (40). */}
      {asking && (
        <CashierDayReport
          t={t}
          onConfirm={(counted) => {
            setAsking(false);
            dispatch(() => closeCashier(counted));
          }}
          onCancel={() => setAsking(false)}
        />
      )}
    </section>
  );
}

function Comparison({ t, comparison }: { t: TFunction; comparison: CashierComparison }) {
  const { terminal, recorded, difference, agree } = comparison;
  return (
    <div className="cashier__result" data-testid="cashier-result">
      <h3>{t('kiosk.cashier.result')}</h3>
      <dl className="totals">
        <dt>{t('kiosk.cashier.terminal')}</dt>
        <dd>{terminal ? t('kiosk.cashier.payments', { count: terminal.payments, amount: formatCurrency(terminal.amount) }) : t('kiosk.cashier.noTerminalTotals')}</dd>
        <dt>{t('kiosk.cashier.recorded')}</dt>
        <dd>{t('kiosk.cashier.payments', { count: recorded.orders_count, amount: formatCurrency(recorded.total) })}</dd>
      </dl>
      {agree === true && <p className="success">{t('kiosk.cashier.agree')}</p>}
      {agree === false && difference !== null && (
        <p role="alert" className="error">
          {t('kiosk.cashier.difference', { amount: formatCurrency(difference) })}
        </p>
      )}
    </div>
  );
}

function MethodsResult({ t, state }: { t: TFunction; state: Extract<CashierCloseState, { step: 'done' }> }) {
  const cash = state.cash;
  return (
    <div data-testid="cashier-methods">
      <dl className="totals">
        {state.methods.map((m) => (
          <div key={m.method}>
            <dt>{t(`kiosk.methods.names.${m.method}`)}</dt>
            <dd>{t('kiosk.cashier.payments', { count: m.count, amount: formatCurrency(m.total) })}</dd>
          </div>
        ))}
      </dl>
      {cash && cash.counted !== null && (
        <p>
          {t('kiosk.cashier.countedResult', { counted: formatCurrency(cash.counted), expected: formatCurrency(cash.expected) })}
          {cash.note ? ` · ${cash.note}` : ''}
        </p>
      )}
    </div>
  );
}
