// /login, the login callback path (spec §2): a visitor with a session goes on to `returnUrl` when it
// is an internal path (isSafeRedirect), else home; a guest gets the login sheet and goes there once
// logged in. A guest who closes the sheet can open it again from here.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $session, openLogin, requireLogin } from '~/stores/session';
import { safeRedirect } from '~/domain/redirects';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';

export default function LoginCallback({ locale }: { locale: string }) {
  const t = useT(locale);
  const session = useStore($session);

  useEffect(() => {
    // A stored token counts as logged in until the server refuses it (then it is cleared and the
    // visitor, now a guest, is asked to log in here).
    if (!session.token) return requireLogin();
    const target = new URLSearchParams(location.search).get('returnUrl');
    location.replace(safeRedirect(target, localizePath(toLocale(locale), '/')));
  }, [session.token, locale]);

  if (session.token) return <p aria-busy="true">{t('login.redirecting')}</p>;
  return (
    <p>
      <button type="button" className="button" onClick={openLogin}>
        {t('login.open')}
      </button>
    </p>
  );
}
