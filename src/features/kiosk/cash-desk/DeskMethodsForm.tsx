// The cash desk's form for a payment by another method than the card on the terminal alone: cash
// (what the customer handed over, quick buttons for the usual notes, the change in large type), a
// card or transfer outside the terminal (one tap, an optional reference), or a split across two
// methods. Loaded on the first tap of one of those choices; the store (stores/desk-methods.ts)
// records it once, the rules are src/domain/desk-methods.ts.
import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import type { OrderResponse } from '~/api/contract/orders';
import { changeFor, parseAmount, quickCashAmounts, remainderAfter, type PaymentMethod, type PaymentPart } from '~/domain/desk-methods';
import { formatCurrency } from '~/domain/format';
import { noticeText } from '~/domain/messages';
import { payByMethods, type MethodsOutcome } from './stores/desk-methods';
import './desk-methods.css';

export type MethodsMode = 'cash' | 'outside' | 'split';

interface Props {
  t: TFunction;
  order: OrderResponse;
  mode: MethodsMode;
  onDone: (outcome: MethodsOutcome) => void;
  onCancel: () => void;
}

const FIRST_METHODS: PaymentMethod[] = ['cash', 'card', 'transfer'];
const SECOND_METHODS: PaymentMethod[] = ['terminal', 'cash', 'card', 'transfer'];

export default function DeskMethodsForm({ t, order, mode, onDone, onCancel }: Props) {
  const id = useId();
  const due = order.total_amount;
  const [received, setReceived] = useState('');
  const [outside, setOutside] = useState<'card' | 'transfer'>('card');
  const [reference, setReference] = useState('');
  const [first, setFirst] = useState<PaymentMethod>('cash');
  const [firstAmount, setFirstAmount] = useState('');
  const [second, setSecond] = useState<PaymentMethod>('terminal');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const cash = parseAmount(received);
  const firstValue = parseAmount(firstAmount);
  const rest = remainderAfter(firstValue ?? 0, due);
  const secondChoices = SECOND_METHODS.filter((m) => m !== first);
  const secondMethod = secondChoices.includes(second) ? second : secondChoices[0]!;

  function parts(): PaymentPart[] | null {
    if (mode === 'cash') return cash === null ? null : [{ method: 'cash', amount: due, received: cash }];
    if (mode === 'outside') return [{ method: outside, amount: due, reference: reference.trim() || undefined }];
    if (firstValue === null) return null;
    return [
      { method: first, amount: firstValue, ...(first === 'cash' && { received: firstValue }) },
      { method: secondMethod, amount: rest },
    ];
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const payment = parts();
    if (!payment) {
      setErrors({ [mode === 'cash' ? 'received' : 'first']: t('validators.invalid') });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const outcome = await payByMethods(order, payment);
      if (outcome.status === 'invalid') {
        // Said under the field it is about: the received cash, or the first part's amount.
        const field = Object.keys(outcome.errors).some((f) => f.endsWith('received')) ? 'received' : mode === 'split' ? 'first' : 'received';
        setErrors({ [mode === 'outside' ? 'form' : field]: noticeText(outcome.message, t) });
      } else onDone(outcome);
    } finally {
      setBusy(false);
    }
  }

  const error = (field: string) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="error" role="alert">
        {errors[field]}
      </p>
    ) : null;
  const title = mode === 'cash' ? t('kiosk.methods.cashTitle') : mode === 'outside' ? t('kiosk.methods.outsideTitle') : t('kiosk.methods.splitTitle');

  return (
    <form className="desk-methods" aria-label={title} onSubmit={submit} noValidate>
      <h4>{title}</h4>
      <p>{t('kiosk.methods.due', { amount: formatCurrency(due) })}</p>
      {mode === 'cash' && (
        <>
          <label htmlFor={`${id}-received`}>{t('kiosk.methods.received')}</label>
          <input
            id={`${id}-received`}
            inputMode="decimal"
            autoComplete="off"
            value={received}
            aria-invalid={!!errors.received}
            aria-describedby={errors.received ? `${id}-received-error` : undefined}
            onChange={(e) => setReceived(e.target.value)}
          />
          {error('received')}
          <div className="desk-methods__quick" role="group" aria-label={t('kiosk.methods.quick')}>
            {quickCashAmounts(due).map((value) => (
              <button key={value} type="button" className="button button--secondary" onClick={() => setReceived(String(value).replace('.', ','))}>
                {formatCurrency(value)}
              </button>
            ))}
          </div>
          {cash !== null && cash < due ? (
            <p className="error">{t('kiosk.methods.short', { amount: formatCurrency(remainderAfter(cash, due)) })}</p>
          ) : (
            <p>
              {t('kiosk.methods.change')}
              <br />
              <output className="desk-methods__change" htmlFor={`${id}-received`} aria-label={t('kiosk.methods.change')}>
                {formatCurrency(cash === null ? 0 : changeFor(cash, due))}
              </output>
            </p>
          )}
        </>
      )}
      {mode === 'outside' && (
        <>
          <fieldset className="desk-methods__choices">
            <legend>{t('kiosk.methods.outsideKind')}</legend>
            {(['card', 'transfer'] as const).map((m) => (
              <label key={m}>
                <input type="radio" name={`${id}-outside`} checked={outside === m} onChange={() => setOutside(m)} />
                {t(`kiosk.methods.names.${m}`)}
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${id}-reference`}>{t('kiosk.methods.reference')}</label>
          <input id={`${id}-reference`} autoComplete="off" maxLength={80} value={reference} onChange={(e) => setReference(e.target.value)} />
        </>
      )}
      {mode === 'split' && (
        <>
          <label htmlFor={`${id}-first-method`}>{t('kiosk.methods.firstMethod')}</label>
          <select id={`${id}-first-method`} value={first} onChange={(e) => setFirst(e.target.value as PaymentMethod)}>
            {FIRST_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`kiosk.methods.names.${m}`)}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-first`}>{t('kiosk.methods.firstAmount')}</label>
          <input
            id={`${id}-first`}
            inputMode="decimal"
            autoComplete="off"
            value={firstAmount}
            aria-invalid={!!errors.first}
            aria-describedby={errors.first ? `${id}-first-error` : undefined}
            onChange={(e) => setFirstAmount(e.target.value)}
          />
          {error('first')}
          <label htmlFor={`${id}-second-method`}>{t('kiosk.methods.second', { amount: formatCurrency(rest) })}</label>
          <select id={`${id}-second-method`} value={secondMethod} onChange={(e) => setSecond(e.target.value as PaymentMethod)}>
            {secondChoices.map((m) => (
              <option key={m} value={m}>
                {t(`kiosk.methods.names.${m}`)}
              </option>
            ))}
          </select>
        </>
      )}
      {error('form')}
      {busy && (
        <p className="notice" aria-busy="true">
          {t('kiosk.methods.recording')}
        </p>
      )}
      <p className="actions">
        <button type="submit" className="button desk-pay__button" disabled={busy}>
          {t('kiosk.methods.collect')}
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
          {t('kiosk.methods.cancel')}
        </button>
      </p>
    </form>
  );
}
