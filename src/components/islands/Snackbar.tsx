// The snackbar at the top (spec §2): shows the current notice; errors are announced assertively.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $notice, dismissNotice, showPendingNotice } from '../../stores/notifications';
import { useT } from '../../i18n/client';
import './islands.css';

export default function Snackbar({ locale }: { locale: string }) {
  const t = useT(locale);
  const notice = useStore($notice);
  // What the previous page left to say (e.g. logged out, then sent home).
  useEffect(showPendingNotice, []);
  return (
    <div className="snackbar-region" role={notice?.type === 'error' ? 'alert' : 'status'} aria-live={notice?.type === 'error' ? 'assertive' : 'polite'}>
      {notice && (
        <div className={`snackbar snackbar--${notice.color ?? 'info'}`}>
          {notice.icon && <span aria-hidden="true" className="snackbar__icon">{notice.icon}</span>}
          <span>{notice.text}</span>
          <button type="button" className="snackbar__close" onClick={dismissNotice} aria-label={t('notifications.close')}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
