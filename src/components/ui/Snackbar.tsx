// The snackbar at the top (spec §2): shows the current notice; errors are announced assertively.
// A notice given as a translation key is said here, in the page's language (stores never translate).
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $notice, dismissNotice, showPendingNotice } from '~/stores/notifications';
import { noticeText } from '~/domain/messages';
import { useT } from '~/i18n/client';
import { useHydrated, useIslandReady } from './useHydrated';
import './controls.css';
import './snackbar.css';

export default function Snackbar({ locale }: { locale: string }) {
  const t = useT(locale);
  // The static HTML has no notice: the first render must match it even when one is already waiting
  // (a notice given before this lazy island woke up), else React throws away the markup (#418).
  const hydrated = useHydrated();
  const region = useRef<HTMLDivElement>(null);
  // Its close button must not wait for client:lazy's fallback once it is live.
  useIslandReady(region);
  const stored = useStore($notice);
  const notice = hydrated ? stored : null;
  // What the previous page left to say (e.g. logged out, then sent home).
  useEffect(showPendingNotice, []);
  return (
    <div ref={region} className="snackbar-region" role={notice?.type === 'error' ? 'alert' : 'status'} aria-live={notice?.type === 'error' ? 'assertive' : 'polite'}>
      {notice && (
        <div className={`snackbar snackbar--${notice.color ?? 'info'}`}>
          {notice.icon && <span aria-hidden="true" className="snackbar__icon">{notice.icon}</span>}
          <span>{noticeText(notice.message, t)}</span>
          <button type="button" className="snackbar__close" onClick={dismissNotice} aria-label={t('notifications.close')}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
