// The kiosk configuration password (spec §2: a dialog 500 wide; §5: confirm works only with a
// non-empty password the server accepts, otherwise nothing happens and nothing is shown).
import { useEffect, useRef, useState } from 'react';
import { PASSWORD_DIALOG_MAX_WIDTH } from '~/domain/kiosk-screens';
import { useT } from '~/i18n/client';

interface Props {
  locale: string;
  open: boolean;
  onClose: () => void;
  /** Resolves true when the password opened what it guards (the dialog is then left to close). */
  onConfirm: (password: string) => Promise<boolean>;
  /** What the password is for, under the title. */
  purpose?: string;
}

export default function KioskPasswordDialog({ locale, open, onClose, onConfirm, purpose }: Props) {
  const t = useT(locale);
  const dialog = useRef<HTMLDialogElement>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      setPassword('');
      el.showModal();
    }
    if (!open && el.open) el.close();
  }, [open]);

  const confirm = async () => {
    if (busy || !password) return;
    setBusy(true);
    try {
      if (await onConfirm(password)) return;
    } catch {
      // No answer: the API client already said so; the dialog stays as it was.
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className="dialog" style={{ maxWidth: PASSWORD_DIALOG_MAX_WIDTH }} aria-labelledby="kiosk-password-title" onClose={onClose} onCancel={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <h2 id="kiosk-password-title">{t('kiosk.password.title')}</h2>
        {purpose && <p>{purpose}</p>}
        <div className="field">
          <label htmlFor="kiosk-password">{t('kiosk.password.label')}</label>
          <input id="kiosk-password" type="password" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        <p className="actions">
          <button type="submit" className="button" aria-busy={busy}>
            {t('kiosk.password.confirm')}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('kiosk.password.cancel')}
          </button>
        </p>
      </form>
    </dialog>
  );
}
