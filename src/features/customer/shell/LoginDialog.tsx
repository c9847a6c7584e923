// Login as a bottom sheet (spec §2): username and password required, signup and reset buttons
// (with returnUrl = current path), the optional card number (bocard) hidden by default. Opened by
// the login button or a `require-login` event, closed on success or a `hide-login` event (its state
// is `$loginDialog` in the session store).
//
// The sheet opens by itself for a guest on the orders list, whose screen must stay ≤ 120 KB gzip:
// so it shows without react-hook-form (12.7 KB gzip), as the checkout does. Its inputs are
// uncontrolled, and react-hook-form (LoginLive.tsx: the rules, the login, the refusals) is fetched
// on the first focus, pointer or key in the form, or a submit, never before; it takes over the same
// elements with what they hold, and a submit pressed meanwhile is sent once it is live. The close
// button stands outside the form: the sheet focuses it when it opens, which is no use of the form.
// A failed fetch (offline) leaves the form as it is, a submit says the server could not be reached,
// and the next use fetches again (components/ui/useLoadOnFirstUse.ts).
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $loginLoading } from '~/stores/login';
import { notify } from '~/stores/notifications';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';
import { useHydrated } from '~/components/ui/useHydrated';
import { useLoadOnFirstUse } from '~/components/ui/useLoadOnFirstUse';
import type { LoginLiveProps } from './LoginLive';
import type { LoginBinding } from './login-binding';

const loadLive = () => import('./LoginLive');

export default function LoginDialog({ locale, open, onClose }: { locale: string; open: boolean; onClose: () => void }) {
  const t = useT(locale);
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const loading = useStore($loginLoading);
  const [showBocard, setShowBocard] = useState(false);
  const [liveBinding, setLiveBinding] = useState<LoginBinding | null>(null);
  const { Live, start, submitBeforeLive, waiting } = useLoadOnFirstUse<LoginLiveProps>({
    load: loadLive,
    form,
    live: liveBinding !== null,
    onSubmitFailed: () => notify(t('errors.network'), 'error'),
    name: 'login',
  });

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

  const light: LoginBinding = { register: (name) => ({ name }), errors: {}, onSubmit: submitBeforeLive };
  const { register, errors, onSubmit } = liveBinding ?? light;
  const busy = loading || waiting;
  const onUse = Live ? undefined : start;

  return (
    <dialog ref={dialog} className="sheet" aria-labelledby="login-title" onClose={onClose} onCancel={onClose}>
      {Live && <Live locale={locale} form={form} showBocard={showBocard} onClose={onClose} onBinding={setLiveBinding} />}
      <div className="sheet__header">
        <h2 id="login-title">{t('login.title')}</h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label={t('login.close')}>
          ×
        </button>
      </div>
      <form ref={form} onSubmit={onSubmit} onFocus={onUse} onPointerDown={onUse} onKeyDown={onUse} noValidate>
        <div className="field">
          <label htmlFor="login-username">{t('login.username')}</label>
          <input id="login-username" type="email" autoComplete="username" aria-invalid={!!errors.username} aria-describedby="login-username-error" {...register('username')} />
          <p id="login-username-error" className="field__error">{errors.username}</p>
        </div>
        <div className="field">
          <label htmlFor="login-password">{t('login.password')}</label>
          <input id="login-password" type="password" autoComplete="current-password" aria-invalid={!!errors.password} aria-describedby="login-password-error" {...register('password')} />
          <p id="login-password-error" className="field__error">{errors.password}</p>
        </div>
        <label className="check">
          <input type="checkbox" checked={showBocard} onChange={(e) => setShowBocard(e.target.checked)} /> {t('login.showBocard')}
        </label>
        {showBocard && (
          <div className="field">
            <label htmlFor="login-bocard">{t('login.bocard')}</label>
            <input id="login-bocard" autoComplete="off" aria-invalid={!!errors.bocard} aria-describedby="login-bocard-error" {...register('bocard')} />
            <p id="login-bocard-error" className="field__error">{errors.bocard}</p>
          </div>
        )}
        <button type="submit" className="button button--block" disabled={busy} aria-busy={busy}>
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
