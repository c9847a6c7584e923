// The one dialog of "kiosks of this shop" (ShopKiosks.tsx), by step: this kiosk's password before a
// new pairing code, a new password or unlocking a kiosk's configuration, the question before a revoke (saying a new code is made
// after it), and the secret answered once, shown big until staff close it. Its own ids, so it can
// sit beside the page's other dialogs.
import { useEffect, useId, useRef, useState } from 'react';
import { PASSWORD_DIALOG_MAX_WIDTH } from '~/domain/kiosk-screens';
import { romeTime } from '~/domain/dates';
import { useT } from '~/i18n/client';

export type ShopKioskStep =
  | { kind: 'askPassword'; purpose: 'code' | 'password' | 'unlock'; totem: string }
  | { kind: 'confirmRevoke'; totem: string }
  | { kind: 'shownCode'; totem: string; code: string; expiresAt: string }
  | { kind: 'shownPassword'; totem: string; password: string };

interface Props {
  locale: string;
  step: ShopKioskStep | null;
  /** Under the password field or the question: why the last try did not go through. */
  error: string | null;
  busy: boolean;
  onPassword: (password: string) => void;
  onRevoke: () => void;
  onClose: () => void;
}

/** The title and the question of each password step. */
const ASK = {
  code: { title: 'kiosk.shopKiosks.newCode', text: 'kiosk.shopKiosks.askCode' },
  password: { title: 'kiosk.shopKiosks.newPassword', text: 'kiosk.shopKiosks.askPassword' },
  unlock: { title: 'kiosk.shopKiosks.unlock', text: 'kiosk.shopKiosks.askUnlock' },
} as const;

export default function ShopKioskDialog({ locale, step, error, busy, onPassword, onRevoke, onClose }: Props) {
  const t = useT(locale);
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [password, setPassword] = useState('');

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (step && !el.open) el.showModal();
    if (!step && el.open) el.close();
  }, [step]);
  // A new question starts with an empty field; the secret never stays in the field's state.
  useEffect(() => setPassword(''), [step]);

  const actions = (confirm: React.ReactNode) => (
    <p className="actions">
      {confirm}
      <button type="button" className="button button--secondary" onClick={onClose}>
        {t('kiosk.shopKiosks.cancel')}
      </button>
    </p>
  );
  const errorLine = (
    <p id={`${id}-error`} className="field__error" role="alert">
      {error}
    </p>
  );

  let body: React.ReactNode = null;
  if (step?.kind === 'askPassword') {
    body = (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (password && !busy) onPassword(password);
        }}
      >
        <h2 id={`${id}-title`}>{t(ASK[step.purpose].title)}</h2>
        <p>{t(ASK[step.purpose].text, { code: step.totem })}</p>
        <div className="field">
          <label htmlFor={`${id}-password`}>{t('kiosk.shopKiosks.passwordLabel')}</label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="off"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={`${id}-error`}
          />
          {errorLine}
        </div>
        {actions(
          <button type="submit" className="button" aria-busy={busy} disabled={!password}>
            {t('kiosk.shopKiosks.confirm')}
          </button>,
        )}
      </form>
    );
  } else if (step?.kind === 'confirmRevoke') {
    body = (
      <>
        <h2 id={`${id}-title`}>{t('kiosk.shopKiosks.revokeTitle', { code: step.totem })}</h2>
        <p>{t('kiosk.shopKiosks.revokeText', { code: step.totem })}</p>
        {errorLine}
        {actions(
          <button type="button" className="button button--danger" onClick={onRevoke} aria-busy={busy}>
            {t('kiosk.shopKiosks.revokeConfirm')}
          </button>,
        )}
      </>
    );
  } else if (step) {
    const shown = step.kind === 'shownCode' ? step.code : step.password;
    body = (
      <>
        <h2 id={`${id}-title`}>{t(step.kind === 'shownCode' ? 'kiosk.shopKiosks.codeTitle' : 'kiosk.shopKiosks.passwordTitle', { code: step.totem })}</h2>
        <p className="shop-kiosks__secret">{shown}</p>
        <p id={`${id}-text`}>
          {step.kind === 'shownCode' ? t('kiosk.shopKiosks.codeText', { time: romeTime(step.expiresAt) }) : t('kiosk.shopKiosks.passwordText')}
        </p>
        <p className="actions">
          <button type="button" className="button" onClick={onClose} autoFocus>
            {t('kiosk.shopKiosks.done')}
          </button>
        </p>
      </>
    );
  }

  return (
    <dialog ref={dialog} className="dialog" style={{ maxWidth: PASSWORD_DIALOG_MAX_WIDTH }} aria-labelledby={`${id}-title`} onCancel={onClose} onClose={onClose}>
      {body}
    </dialog>
  );
}
