// Closing the cashier at the end of the day (issue #13, type-30 totems): asks first (the terminal
// prints its report and restarts its totals), then shows the terminal's total next to the one the
// API recorded and the difference when they disagree. A close the API did not record keeps the
// terminal's report on screen with a retry, so the terminal is never closed twice.
import { useState } from 'react';
import type { TFunction } from 'i18next';
import type { PosResult } from '../../api/contract/pos';
import { CashierRecordError, closeCashier, recordClose } from '../../stores/cashier';
import type { CashierComparison } from '../../domain/desk-payments';
import { formatCurrency } from '../../domain/format';
import ConfirmDialog from './ConfirmDialog';

type State =
  | { step: 'idle' }
  | { step: 'asking' }
  | { step: 'closing' }
  | { step: 'done'; comparison: CashierComparison }
  | { step: 'unrecorded'; report: PosResult; error: string }
  | { step: 'failed'; error: string };

export default function CashierClose({ t }: { t: TFunction }) {
  const [state, setState] = useState<State>({ step: 'idle' });

  const settle = async (work: () => Promise<CashierComparison>) => {
    setState({ step: 'closing' });
    try {
      setState({ step: 'done', comparison: await work() });
    } catch (err) {
      if (err instanceof CashierRecordError) setState({ step: 'unrecorded', report: err.report, error: err.message });
      else setState({ step: 'failed', error: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <section className="cashier" aria-labelledby="cashier-title">
      <h2 id="cashier-title" className="visually-hidden">
        {t('kiosk.cashier.close')}
      </h2>
      <p className="actions">
        <button type="button" className="button button--secondary" disabled={state.step === 'closing' || state.step === 'unrecorded'} onClick={() => setState({ step: 'asking' })}>
          {t('kiosk.cashier.close')}
        </button>
      </p>
      <div aria-live="polite">
        {state.step === 'closing' && (
          <p className="notice" aria-busy="true">
            {t('kiosk.cashier.closing')}
          </p>
        )}
        {state.step === 'done' && <Comparison t={t} comparison={state.comparison} />}
        {state.step === 'unrecorded' && (
          <div role="alert">
            <p className="error">{t('kiosk.cashier.notRecorded', { error: state.error })}</p>
            {state.report.totals && (
              <p>
                {t('kiosk.cashier.terminal')}: {t('kiosk.cashier.payments', { count: state.report.totals.payments, amount: formatCurrency(state.report.totals.amount) })}
              </p>
            )}
            <p className="actions">
              <button type="button" className="button" onClick={() => settle(() => recordClose(state.report))}>
                {t('kiosk.cashier.retry')}
              </button>
            </p>
          </div>
        )}
        {state.step === 'failed' && (
          <p role="alert" className="error">
            {t('kiosk.cashier.failed', { message: state.error })}
          </p>
        )}
      </div>
      <ConfirmDialog
        open={state.step === 'asking'}
        title={t('kiosk.cashier.confirmTitle')}
        text={t('kiosk.cashier.confirmText')}
        confirmLabel={t('kiosk.cashier.close')}
        cancelLabel={t('kiosk.password.cancel')}
        onConfirm={() => void settle(closeCashier)}
        onCancel={() => setState((s) => (s.step === 'asking' ? { step: 'idle' } : s))}
      />
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
