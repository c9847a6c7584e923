// The pickup counter (/totem/pickup, admin totems): scan what comes back, with an order
// chosen or without (a scanned unit finds its hand-out and its order), note a problem (the unit is
// locked), see the price difference of an early or late return before confirming, undo a pickup.
// Render and dispatch only: stores/pickup.ts decides and sends (through the outbox). The orders
// are read from the API when the page opens (the draft keeps their numbers and the scans only):
// until they are, the screen says why they are missing; scans and Confirm work meanwhile.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useT } from '~/i18n/client';
import { todayInRome } from '~/domain/dates';
import { queuedPickupCodes } from '~/domain/pickup';
import { $outbox } from '../shared/stores/kiosk-outbox';
import {
  $pickupBusy,
  $pickupCounter,
  $pickupDiffs,
  $pickupDraft,
  $pickupOrdersReading,
  $pickupErrors,
  $pickupFeedback,
  $pickupSettled,
  closePickup,
  confirmPickup,
  followPickupLandings,
  loadDiffs,
  openPickupOrder,
  refreshPickupOrders,
  resetLinePickup,
  returnDayOf,
  scanForPickup,
  setReturnDay,
} from './stores/pickup';
import CounterQuestion, { useCounterQuestion } from './CounterQuestion';
import OrderFinder, { datesOf } from '../shared/OrderFinder';
import OrderReadingNotice from './OrderReadingNotice';
import PickupOrders from './PickupOrders';
import PickupScanned, { DiffText } from './PickupScanned';
import ScanInput from '../shared/ScanInput';
import { useTotemGuard } from '../shared/useTotemGuard';
import '../shared/kiosk.css';
import './delivery.css';

const SCAN_ID = 'pickup-scan';

export default function Pickup({ locale }: { locale: string }) {
  const t = useT(locale);
  const allowed = useTotemGuard();
  const draft = useStore($pickupDraft);
  const feedback = useStore($pickupFeedback);
  const errors = useStore($pickupErrors);
  const diffs = useStore($pickupDiffs);
  const settled = useStore($pickupSettled);
  const busy = useStore($pickupBusy);
  const outbox = useStore($outbox);
  const counter = useStore($pickupCounter);
  const reading = useStore($pickupOrdersReading);
  const refocus = () => (document.getElementById(SCAN_ID) as HTMLInputElement | null)?.focus();
  const question = useCounterQuestion({ pending: draft.scans.length, discard: closePickup, reset: resetLinePickup, refocus });

  useEffect(() => {
    if (!allowed) return;
    void loadDiffs();
    return followPickupLandings();
  }, [allowed]);
  // Read when the page opens (memory starts empty) and when the draft gains an order not read
  // (another tab); orders chosen or found here come read.
  const missing = counter.missing.map((o) => o.id).join(',');
  useEffect(() => {
    if (allowed && missing) void refreshPickupOrders();
  }, [allowed, missing]);

  if (!allowed) return <p aria-busy="true">{t('kiosk.loading')}</p>;

  const chosen = counter.loaded.find((o) => o.id === draft.orderId) ?? null;
  const chosenRef = draft.orders.find((o) => o.id === draft.orderId) ?? null;
  const scannedCodes = new Set(draft.scans.map((s) => s.code));
  const sendingCodes = queuedPickupCodes(outbox);
  const today = todayInRome();
  const returnDay = returnDayOf(draft);

  return (
    <div className="delivery pickup">
      {chosenRef ? (
        <section className="delivery-order" aria-labelledby="pickup-order-title">
          <h2 id="pickup-order-title">{t('kiosk.delivery.order', { number: chosenRef.number })}</h2>
          {chosen && (
            <p>
              {chosen.first_name} {chosen.last_name} · {datesOf(chosen)}
            </p>
          )}
          <button type="button" className="button button--secondary" onClick={question.leave}>
            {t('kiosk.pickup.otherOrder')}
          </button>
        </section>
      ) : (
        <>
          <p className="muted">{t('kiosk.pickup.withoutOrder')}</p>
          <OrderFinder t={t} screen="pickup" onChoose={(o) => openPickupOrder(o)} autoFocus={false} />
        </>
      )}

      <div className="field pickup-day">
        <label htmlFor="pickup-day">{t('kiosk.pickup.returnDay')}</label>
        <input id="pickup-day" type="date" value={returnDay} onChange={(e) => setReturnDay(e.target.value || null)} aria-describedby="pickup-day-help" />
        <span id="pickup-day-help" className="muted">
          {returnDay === today ? t('kiosk.pickup.returnToday') : t('kiosk.pickup.returnOther')}
        </span>
      </div>

      <ScanInput id={SCAN_ID} t={t} label={t('kiosk.pickup.scan.label')} help={t('kiosk.pickup.scan.help')} submitLabel={t('kiosk.pickup.scan.submit')} feedback={feedback} onScan={scanForPickup} />

      {settled.length > 0 && (
        <section className="pickup-settled" aria-labelledby="pickup-settled-title">
          <h2 id="pickup-settled-title">{t('kiosk.pickup.settled')}</h2>
          <ul>
            {settled.map((s) => (
              <li key={s.code} data-code={s.code}>
                {s.code} · {s.diff.product_label}: <DiffText t={t} diff={s.diff.diff} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <PickupScanned t={t} scans={draft.scans} diffs={diffs} errors={errors} busy={busy} onConfirm={() => void confirmPickup().then(refocus)} refocus={refocus} />

      {counter.missing.length > 0 && <OrderReadingNotice t={t} reading={reading} numbers={counter.missing.map((o) => o.number)} />}

      <PickupOrders t={t} orders={counter.loaded} scannedCodes={scannedCodes} sendingCodes={sendingCodes} onResetPickup={question.askReset} />

      <CounterQuestion
        t={t}
        question={question}
        wording={(asked) =>
          asked.kind === 'reset'
            ? { title: t('kiosk.pickup.resetTitle', { code: asked.code }), text: t('kiosk.pickup.resetText'), confirmLabel: t('kiosk.pickup.resetConfirm') }
            : { title: t('kiosk.pickup.discardTitle'), text: t('kiosk.pickup.discardText', { count: draft.scans.length }), confirmLabel: t('kiosk.pickup.discardConfirm') }
        }
      />
    </div>
  );
}
