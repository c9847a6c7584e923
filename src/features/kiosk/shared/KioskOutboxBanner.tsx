// The outage banner of every kiosk page: says plainly when the API cannot be reached
// and how many confirmations wait to be sent (they go by themselves), and lists what the API
// refused on a replay, with its words, until staff resolve it. Render only; stores/kiosk-outbox.ts
// does the sending.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { $apiUnreachable, $outbox, dismissOutboxEntry, startOutbox } from './stores/kiosk-outbox';

export default function KioskOutboxBanner({ t }: { t: TFunction }) {
  const unreachable = useStore($apiUnreachable);
  const outbox = useStore($outbox);
  useEffect(() => startOutbox(), []);
  const pending = outbox.filter((e) => e.state === 'pending').length;
  const refused = outbox.filter((e) => e.state === 'refused');
  if (!unreachable && pending === 0 && refused.length === 0) return null;
  return (
    <section className="kiosk-outbox" aria-label={t('kiosk.outbox.label')}>
      <p role="status" className={unreachable ? 'kiosk-outbox__offline' : undefined}>
        {unreachable ? t('kiosk.outbox.offline', { count: pending }) : t('kiosk.outbox.sending', { count: pending })}
      </p>
      {refused.length > 0 && (
        <ul className="kiosk-outbox__refused" role="alert">
          {refused.map((entry) => (
            <li key={entry.key}>
              <span>{t('kiosk.outbox.refused', { what: t(`kiosk.outbox.kinds.${entry.kind}`, { ref: entry.ref }), message: entry.error?.message ?? '' })}</span>
              <button type="button" className="button button--secondary" onClick={() => dismissOutboxEntry(entry.key)}>
                {t('kiosk.outbox.resolved')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
