// "Release the claim of cash desk X": the question names the desk whose claim holds the
// order, warns that its terminal may already have charged the card, and asks this kiosk's
// configuration password (checked by the server). The rule and the request are the store's
// (stores/desk-claims.ts); this asks, dispatches and shows the answer.
import { useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import type { OrderResponse } from '~/api/contract/orders';
import { releaseDeskClaim } from './stores/desk-claims';
import { ChangeDialog } from './CashDeskDialog';

interface Props {
  t: TFunction;
  order: OrderResponse;
  /** The desk whose claim holds the order. */
  totem: string;
  onClose: () => void;
  /** The claim is released: the order as it is now (its payment may start again). */
  onReleased: (order: OrderResponse) => void;
}

export default function CashDeskReleaseDialog({ t, order, totem, onClose, onReleased }: Props) {
  const field = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    setRefusal(null);
    try {
      const outcome = await releaseDeskClaim(order, totem, password);
      if (outcome.status === 'released') return onReleased(outcome.order);
      if (outcome.status === 'wrong-password') {
        setError(outcome.message);
        field.current?.focus();
      } else setRefusal(outcome.message);
    } catch {
      // No answer: the API client already said so; the dialog stays as it was.
    } finally {
      setBusy(false);
    }
  };

  return (
    <ChangeDialog id="desk-release" title={t('kiosk.pay.releaseTitle', { totem })} closeLabel={t('kiosk.pay.close')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p>{t('kiosk.pay.releaseQuestion', { totem })}</p>
        <p className="notice">
          <strong>{t('kiosk.pay.releaseWarning', { totem })}</strong>
        </p>
        <div className="field">
          <label htmlFor="desk-release-password">{t('kiosk.pay.releasePassword')}</label>
          <input
            ref={field}
            id="desk-release-password"
            type="password"
            autoComplete="off"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={!!error}
            aria-describedby="desk-release-password-error"
          />
          <p id="desk-release-password-error" className="field__error">
            {error}
          </p>
        </div>
        {refusal && (
          <p role="alert" className="error">
            {refusal}
          </p>
        )}
        <p className="actions">
          <button type="submit" className="button button--danger" disabled={busy} aria-busy={busy}>
            {t('kiosk.pay.releaseConfirm')}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('kiosk.password.cancel')}
          </button>
        </p>
      </form>
    </ChangeDialog>
  );
}
