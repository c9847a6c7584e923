// The delivery counter (/totem/delivery, admin totems): find the order, scan each unit
// (it goes to a free line of its product), force another product with a reason or hand a unit out
// as an extra, Confirm (partial deliveries allowed), reset a line. Render and dispatch only:
// stores/delivery.ts decides and sends (through the outbox: an outage loses nothing). The order is
// read from the API when the page opens (the draft keeps its number and the scans only): until it
// is, the screen shows those, says why the order is missing, and lists its units being sent.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useT } from '~/i18n/client';
import { deliveryLines, deliverySummary, extraProducts, freeLines, queuedDelivery } from '~/domain/delivery';
import {
  $deliveryBusy,
  $deliveryDocumentMissing,
  $deliveryDraft,
  $deliveryErrors,
  $deliveryFeedback,
  $deliveryOrder,
  $deliveryOrderReading,
  closeDeliveryOrder,
  confirmDelivery,
  followLandings,
  openDeliveryOrder,
  refreshDeliveryOrder,
  resetLineDelivery,
  scanForDelivery,
} from './stores/delivery';
import { $outbox } from '../shared/stores/kiosk-outbox';
import CounterQuestion, { useCounterQuestion } from './CounterQuestion';
import DeliveryLines from './DeliveryLines';
import DeliveryOffer from './DeliveryOffer';
import DeliveryScanned from './DeliveryScanned';
import ExtraProducts from './ExtraProducts';
import OrderFinder, { datesOf } from '../shared/OrderFinder';
import OrderReadingNotice from './OrderReadingNotice';
import ScanInput from '../shared/ScanInput';
import { useTotemGuard } from '../shared/useTotemGuard';
import IdentityNotice from '../shared/IdentityNotice';
import RentalSheetButton from '../shared/RentalSheetButton';
import '../shared/kiosk.css';
import './delivery.css';

const SCAN_ID = 'delivery-scan';

export default function Delivery({ locale }: { locale: string }) {
  const t = useT(locale);
  const allowed = useTotemGuard();
  const draft = useStore($deliveryDraft);
  const feedback = useStore($deliveryFeedback);
  const errors = useStore($deliveryErrors);
  const busy = useStore($deliveryBusy);
  const outbox = useStore($outbox);
  const read = useStore($deliveryOrder);
  const reading = useStore($deliveryOrderReading);
  const documentMissing = useStore($deliveryDocumentMissing);
  const refocus = () => (document.getElementById(SCAN_ID) as HTMLInputElement | null)?.focus();
  const question = useCounterQuestion({ pending: draft.scans.length, discard: closeDeliveryOrder, reset: resetLineDelivery, refocus });

  useEffect(() => {
    if (!allowed) return;
    return followLandings();
  }, [allowed]);
  // The order is read when the page opens (memory starts empty) and when the draft's order changes
  // under it (another tab); one chosen here comes with its order.
  const refId = draft.order?.id ?? null;
  useEffect(() => {
    if (allowed && refId !== null && $deliveryOrder.get()?.id !== refId) void refreshDeliveryOrder();
  }, [allowed, refId]);

  if (!allowed) return <p aria-busy="true">{t('kiosk.loading')}</p>;
  const { order: ref, scans } = draft;
  if (!ref) {
    return (
      <div className="delivery">
        <OrderFinder t={t} screen="delivery" onChoose={(o) => openDeliveryOrder(o)} />
      </div>
    );
  }

  const order = read?.id === ref.id ? read : null;
  const lines = order ? deliveryLines(order) : null;
  const summary = lines ? deliverySummary(lines) : null;
  const queued = queuedDelivery(outbox, ref.id);
  const free = lines ? freeLines(lines, scans, queued.lineIds) : [];

  return (
    <div className="delivery">
      <section className="delivery-order" aria-labelledby="delivery-order-title">
        <h2 id="delivery-order-title">{t('kiosk.delivery.order', { number: ref.number })}</h2>
        {order && summary ? (
          <>
            <p>
              {order.first_name} {order.last_name} · {datesOf(order)}
              {order.status === 'cancelled' && <strong className="error"> · {t('kiosk.delivery.cancelled')}</strong>}
            </p>
            <p className={`delivery-progress${summary.partial ? ' delivery-progress--partial' : ''}`}>
              {summary.todo === 0
                ? t('kiosk.delivery.complete', { out: summary.out + summary.back, lines: summary.lines })
                : summary.partial
                  ? t('kiosk.delivery.partial', { out: summary.out + summary.back, lines: summary.lines, todo: summary.todo })
                  : t('kiosk.delivery.none', { count: summary.lines })}
            </p>
            {/* Said before anything goes out, not a block: the order still delivers. */}
            <IdentityNotice t={t} order={{ id_at_desk: order.id_at_desk, document_missing: documentMissing }} />
            <RentalSheetButton t={t} order={order} />
          </>
        ) : (
          <OrderReadingNotice t={t} reading={reading} numbers={[ref.number]} sendingCodes={[...queued.codes]} />
        )}
        <button type="button" className="button button--secondary" onClick={question.leave}>
          {t('kiosk.delivery.otherOrder')}
        </button>
      </section>

      <ScanInput
        id={SCAN_ID}
        t={t}
        label={t('kiosk.delivery.scan.label')}
        help={t('kiosk.delivery.scan.help')}
        submitLabel={t('kiosk.delivery.scan.submit')}
        feedback={feedback}
        onScan={scanForDelivery}
      >
        {feedback?.offer && <DeliveryOffer key={feedback.serial} t={t} feedback={feedback} freeLines={free} refocus={refocus} />}
      </ScanInput>

      <DeliveryScanned t={t} scans={scans} lines={lines} errors={errors} busy={busy} onConfirm={() => void confirmDelivery().then(refocus)} refocus={refocus} />

      {order && lines && (
        <section className="delivery-lines-section" aria-labelledby="delivery-lines-title">
          <h2 id="delivery-lines-title">{t('kiosk.delivery.lines')}</h2>
          <DeliveryLines t={t} lines={lines} scans={scans} sendingLineIds={queued.lineIds} onReset={question.askReset} />
          <ExtraProducts t={t} extras={extraProducts(order)} />
        </section>
      )}

      <CounterQuestion
        t={t}
        question={question}
        wording={(asked) =>
          asked.kind === 'reset'
            ? { title: t('kiosk.delivery.resetTitle', { code: asked.code }), text: t('kiosk.delivery.resetText'), confirmLabel: t('kiosk.delivery.resetConfirm') }
            : { title: t('kiosk.delivery.discardTitle', { number: ref.number }), text: t('kiosk.delivery.discardText', { count: scans.length }), confirmLabel: t('kiosk.delivery.discardConfirm') }
        }
      />
    </div>
  );
}
