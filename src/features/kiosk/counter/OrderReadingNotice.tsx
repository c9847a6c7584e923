// What a counter (delivery, pickup) says while the order(s) of its draft are not read: being read,
// waiting for the line to come back (they are then read by themselves; scans and the outbox work
// meanwhile), or refused by the API; and, at delivery, the order's units already being sent.
// Render only.
import type { TFunction } from 'i18next';
import type { OrderReading } from './stores/delivery-drafts';

interface Props {
  t: TFunction;
  reading: OrderReading;
  /** The numbers of the orders not read (the draft keeps them). */
  numbers: readonly string[];
  /** Units of the order in a confirmation waiting in the outbox. */
  sendingCodes?: readonly string[];
}

export default function OrderReadingNotice({ t, reading, numbers, sendingCodes = [] }: Props) {
  const params = { count: numbers.length, numbers: numbers.join(', ') };
  const text =
    reading?.state === 'refused'
      ? t('kiosk.reading.refused', { ...params, message: reading.message })
      : reading?.state === 'offline'
        ? t('kiosk.reading.offline', params)
        : t('kiosk.reading.loading', params);
  return (
    <>
      <p role="status" className={reading?.state === 'loading' || !reading ? 'muted' : 'notice'}>
        {text}
      </p>
      {sendingCodes.length > 0 && (
        <ul className="delivery-sending" aria-label={t('kiosk.reading.sending')}>
          {sendingCodes.map((code) => (
            <li key={code}>
              {code} <span className="badge delivery-state delivery-state--sending">{t('kiosk.delivery.status.sending')}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
