// Before the cashier close reaches the terminal: the day this desk took, per method (count and
// total), the cash the drawer should hold, and the staff's answer — the cash is right, or what they
// counted with a note on the difference. Only "Confirm and close" sends operation 40.
import { useEffect, useId, useState } from 'react';
import type { TFunction } from 'i18next';
import type { CashierDay } from '~/api/contract/desk-payments';
import { cashCountProblem, cashDifference, parseAmount } from '~/domain/desk-methods';
import { ruleWords } from './payment-words';
import { formatCurrency } from '~/domain/format';
import { noticeText } from '~/domain/messages';
import { errorMessage } from '~/api/errors';
import { readDay } from './stores/cashier';

interface Props {
  t: TFunction;
  onConfirm: (counted: { counted_cash: number | null; note?: string | undefined }) => void;
  onCancel: () => void;
}

export default function CashierDayReport({ t, onConfirm, onCancel }: Props) {
  const id = useId();
  const [day, setDay] = useState<CashierDay | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [tries, setTries] = useState(0);

  useEffect(() => {
    let live = true;
    setFailed(null);
    readDay()
      .then((d) => live && setDay(d))
      .catch((err: unknown) => live && setFailed(noticeText(errorMessage(err), t)));
    return () => {
      live = false;
    };
  }, [t, tries]);

  const countedValue = counted.trim() === '' ? null : parseAmount(counted);
  const difference = day && countedValue !== null ? cashDifference(day.cash_expected, countedValue) : 0;

  function confirm() {
    if (!day) return;
    if (counted.trim() !== '' && countedValue === null) return setError(t('validators.invalid'));
    const problem = cashCountProblem(day.cash_expected, countedValue, note);
    if (problem) return setError(t(ruleWords(problem)));
    onConfirm({ counted_cash: countedValue, note: note.trim() || undefined });
  }

  return (
    <section className="cashier__day" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('kiosk.cashier.dayTitle')}</h3>
      <p>{t('kiosk.cashier.confirmText')}</p>
      {!day && !failed && (
        <p className="notice" aria-busy="true">
          {t('kiosk.cashier.dayLoading')}
        </p>
      )}
      {failed && (
        <div role="alert">
          <p className="error">{t('kiosk.cashier.dayFailed', { message: failed })}</p>
          <p className="actions">
            <button type="button" className="button" onClick={() => setTries((n) => n + 1)}>
              {t('kiosk.cashier.dayRetry')}
            </button>
          </p>
        </div>
      )}
      {day && (
        <>
          {day.methods.length === 0 ? (
            <p>{t('kiosk.cashier.noPayments')}</p>
          ) : (
            <table className="orders" data-testid="cashier-day">
              <thead>
                <tr>
                  <th scope="col">{t('kiosk.cashier.method')}</th>
                  <th scope="col">{t('kiosk.cashier.count')}</th>
                  <th scope="col">{t('kiosk.cashier.total')}</th>
                </tr>
              </thead>
              <tbody>
                {day.methods.map((m) => (
                  <tr key={m.method}>
                    <th scope="row">{t(`kiosk.methods.names.${m.method}`)}</th>
                    <td>{m.count}</td>
                    <td className="orders__amount">{formatCurrency(m.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p>
            <strong>{t('kiosk.cashier.cashExpected', { amount: formatCurrency(day.cash_expected) })}</strong>
          </p>
          <label htmlFor={`${id}-counted`}>{t('kiosk.cashier.counted')}</label>
          <input id={`${id}-counted`} inputMode="decimal" autoComplete="off" value={counted} onChange={(e) => setCounted(e.target.value)} />
          {difference !== 0 && (
            <>
              <p className="error">{t('kiosk.cashier.cashDifference', { amount: formatCurrency(difference) })}</p>
              <label htmlFor={`${id}-note`}>{t('kiosk.cashier.note')}</label>
              <textarea id={`${id}-note`} rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
            </>
          )}
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
        </>
      )}
      <p className="actions">
        <button type="button" className="button" disabled={!day} onClick={confirm}>
          {t('kiosk.cashier.confirmClose')}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('kiosk.password.cancel')}
        </button>
      </p>
    </section>
  );
}
