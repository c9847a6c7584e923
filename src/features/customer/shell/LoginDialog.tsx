// Login as a bottom sheet (spec §2): username and password required, signup and reset buttons
// (with returnUrl = current path), the optional card number (bocard) hidden by default. Opened by
// the login button or a `require-login` event, closed on success or a `hide-login` event (its state
// is `$loginDialog` in the session store).
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useStore } from '@nanostores/react';
import { $loginLoading, login } from '../../../stores/login';
import { notify } from '../../../stores/notifications';
import { fieldMessages } from '../../../api/errors';
import { useT } from '../../../i18n/client';
import { localizePath, toLocale } from '../../../i18n/index';
import { email, required, toFormValidate } from '../../../domain/validators';
import { useHydrated } from '../../../components/ui/useHydrated';

interface Fields {
  username: string;
  password: string;
  bocard: string;
}

/** The fields in the order they appear, so focus goes to the first one the server refused. */
const FIELDS = ['username', 'password', 'bocard'] as const satisfies readonly (keyof Fields)[];


export default function LoginDialog({ locale, open, onClose }: { locale: string; open: boolean; onClose: () => void }) {
  const t = useT(locale);
  const dialog = useRef<HTMLDialogElement>(null);
  const loading = useStore($loginLoading);
  const [showBocard, setShowBocard] = useState(false);
  const { register, handleSubmit, setError, setFocus, reset, formState } = useForm<Fields>({ defaultValues: { username: '', password: '', bocard: '' } });
  const validateRequired = toFormValidate([required], t);
  // The username is the account's email (signup takes only addresses): a malformed one is
  // refused here rather than sent (spec §5, validators.email).
  const validateUsername = toFormValidate([required, email], t);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  // The page the visitor is on: known only in the browser, after hydration.
  const hydrated = useHydrated();
  const returnUrl = hydrated ? location.pathname + location.search : '/';
  const lang = toLocale(locale);

  const submit = handleSubmit(async (values) => {
    try {
      await login({ username: values.username, password: values.password, ...(showBocard && values.bocard ? { bocard: values.bocard } : {}) });
      notify(t('login.success'), 'success');
      reset();
      onClose();
    } catch (err) {
      // Each message under the field the server named (wrong credentials: under the password).
      const refused = fieldMessages(err, showBocard ? FIELDS : FIELDS.filter((field) => field !== 'bocard')) ?? [];
      for (const [field, message] of refused) setError(field, { message });
      // Focus the first of them, as a failed check in the browser does; the field is read out
      // with its error (aria-describedby).
      if (refused[0]) setFocus(refused[0][0]);
      // Other failures: only the spinner clears (spec §8).
    }
  });

  const errorOf = (field: keyof Fields) => formState.errors[field]?.message;

  return (
    <dialog ref={dialog} className="sheet" aria-labelledby="login-title" onClose={onClose} onCancel={onClose}>
      <form onSubmit={submit} noValidate>
        <div className="sheet__header">
          <h2 id="login-title">{t('login.title')}</h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t('login.close')}>
            ×
          </button>
        </div>
        <div className="field">
          <label htmlFor="login-username">{t('login.username')}</label>
          <input id="login-username" type="email" autoComplete="username" aria-invalid={!!errorOf('username')} aria-describedby="login-username-error" {...register('username', { validate: validateUsername })} />
          <p id="login-username-error" className="field__error">{errorOf('username')}</p>
        </div>
        <div className="field">
          <label htmlFor="login-password">{t('login.password')}</label>
          <input id="login-password" type="password" autoComplete="current-password" aria-invalid={!!errorOf('password')} aria-describedby="login-password-error" {...register('password', { validate: validateRequired })} />
          <p id="login-password-error" className="field__error">{errorOf('password')}</p>
        </div>
        <label className="check">
          <input type="checkbox" checked={showBocard} onChange={(e) => setShowBocard(e.target.checked)} /> {t('login.showBocard')}
        </label>
        {showBocard && (
          <div className="field">
            <label htmlFor="login-bocard">{t('login.bocard')}</label>
            <input id="login-bocard" autoComplete="off" aria-invalid={!!errorOf('bocard')} aria-describedby="login-bocard-error" {...register('bocard')} />
            <p id="login-bocard-error" className="field__error">{errorOf('bocard')}</p>
          </div>
        )}
        <button type="submit" className="button button--block" disabled={loading} aria-busy={loading}>
          {t('login.submit')}
        </button>
        <p className="sheet__links">
          <a href={`${localizePath(lang, '/user/signup')}?returnUrl=${encodeURIComponent(returnUrl)}`}>{t('login.signup')}</a>
          <a href={`${localizePath(lang, '/user/reset')}?returnUrl=${encodeURIComponent(returnUrl)}`}>{t('login.reset')}</a>
        </p>
      </form>
    </dialog>
  );
}
