// The cash desk's payment controls for one order (type-30 totems): take the payment at
// the terminal, and whatever a payment in flight needs from staff — wait, say what the terminal
// shows after a lost answer, retry recording, print the receipt again, settle a conflict, release
// the claim of a desk that is gone. The rules and requests live in stores/cash-desk.ts and
// stores/desk-claims.ts; this renders their state and dispatches. The state is
// stores/desk-payments.ts (already on every kiosk page for the payments chip); the code that drives
// the terminal and records payments loads on the first tap, not with the order's first paint.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { OrderResponse } from '~/api/contract/orders';
import type { DeskPayment } from '../shared/stores/payment-storage';
import { $deskPayments } from './stores/desk-payments';
import type { PayOutcome } from './stores/cash-desk';
import type { MethodsMode } from './DeskMethodsForm';
import { DeskPaymentStage, mayStartPayment } from '~/domain/desk-payments';
import { formatCurrency } from '~/domain/format';
import LazyDialog, { lazyDialog } from '~/components/ui/LazyDialog';
import { notify } from '~/stores/notifications';
import { noticeText } from '~/domain/messages';

const desk = () => import('./stores/cash-desk');
// Asked for only when another desk's claim refused the payment (LazyDialog.tsx: a failed fetch closes it and says why).
const CashDeskReleaseDialog = lazyDialog(() => import('./CashDeskReleaseDialog'));
// Cash, outside the terminal, or split: fetched on the first tap of one of them.
const DeskMethodsForm = lazyDialog(() => import('./DeskMethodsForm'));

interface Props {
  t: TFunction;
  order: OrderResponse;
  /** A fresher order (paid, or re-read after a refusal). */
  onOrder: (order: OrderResponse) => void;
  /** Re-read the order from the API. */
  onReload: () => void;
}

export default function DeskPaymentPanel({ t, order, onOrder, onReload }: Props) {
  const payment = useStore($deskPayments)[order.uuid];
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The desk whose claim refused the payment, and whether staff are asked to release it.
  const [claimedBy, setClaimedBy] = useState<string | null>(null);
  const [releasing, setReleasing] = useState(false);
  const [mode, setMode] = useState<MethodsMode | null>(null);
  // A payment that finishes in the background (a retried recording, another tab) leaves storage:
  // read the order again so the screen never offers to charge a card that was just charged.
  const hadPayment = useRef(!!payment);
  useEffect(() => {
    if (hadPayment.current && !payment) onReload();
    hadPayment.current = !!payment;
  }, [payment, onReload]);

  const run = async (step: () => Promise<PayOutcome | boolean | void>) => {
    if (busy) return;
    setBusy(true);
    setRefusal(null);
    setClaimedBy(null);
    try {
      const outcome = await step();
      if (outcome && typeof outcome === 'object' && outcome.status === 'paid') onOrder(outcome.order);
      else if (outcome && typeof outcome === 'object' && outcome.status === 'refused') {
        if (outcome.message) setRefusal(t('kiosk.pay.refused', { message: noticeText(outcome.message, t) }));
        setClaimedBy(outcome.claimedBy ?? null);
        // Paid or changed elsewhere meanwhile: show the order as it is now.
        onReload();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="desk-pay" aria-labelledby="desk-pay-title">
      <h3 id="desk-pay-title">{t('kiosk.pay.title')}</h3>
      <div aria-live="polite">
        {payment ? (
          <InFlight t={t} order={order} payment={payment} busy={busy} run={run} />
        ) : busy ? (
          <p className="notice" aria-busy="true">
            {t('kiosk.pay.charging')}
          </p>
        ) : order.status === 'cancelled' ? (
          <p>{t('kiosk.pay.nothingToPay')}</p>
        ) : order.paid ? (
          <p className="actions">
            <button type="button" className="button" onClick={() => run(() => desk().then((d) => d.printReceipt(order)))}>
              {t('kiosk.pay.reprint')}
            </button>
          </p>
        ) : mode ? null : (
          <>
            <p className="actions">
              <button
                type="button"
                className="button desk-pay__button"
                disabled={busy || !mayStartPayment(order, payment)}
                onClick={() => run(() => desk().then((d) => d.payOrder(order)))}
              >
                {t('kiosk.pay.button', { amount: formatCurrency(order.total_amount) })}
              </button>
            </p>
            <div className="actions" role="group" aria-label={t('kiosk.methods.choose')}>
              {(['cash', 'outside', 'split'] as const).map((m) => (
                <button key={m} type="button" className="button button--secondary" disabled={busy} onClick={() => setMode(m)}>
                  {t(`kiosk.methods.${m}`)}
                </button>
              ))}
            </div>
          </>
        )}
      </div>
      <LazyDialog
        open={!!mode && !payment && !order.paid}
        onFailed={() => {
          setMode(null);
          notify(t('errors.network'), 'error');
        }}
      >
        {mode && !payment && !order.paid && (
          <DeskMethodsForm
            t={t}
            order={order}
            mode={mode}
            onCancel={() => setMode(null)}
            onDone={(outcome) => {
              if (outcome.status === 'paid') {
                setMode(null);
                onOrder(outcome.order);
              } else if (outcome.status === 'refused') {
                setMode(null);
                if (outcome.message) setRefusal(t('kiosk.pay.refused', { message: noticeText(outcome.message, t) }));
                setClaimedBy(outcome.claimedBy ?? null);
                onReload();
              } else if (outcome.status === 'pending') setMode(null);
            }}
          />
        )}
      </LazyDialog>
      {refusal && (
        <p role="alert" className="error">
          {refusal}
        </p>
      )}
      {claimedBy && (
        <p className="actions">
          <button type="button" className="button button--secondary" onClick={() => setReleasing(true)}>
            {t('kiosk.pay.releaseClaim', { totem: claimedBy })}
          </button>
        </p>
      )}
      <LazyDialog
        open={releasing}
        onFailed={() => {
          setReleasing(false);
          notify(t('errors.network'), 'error');
        }}
      >
        {releasing && claimedBy && (
          <CashDeskReleaseDialog
            t={t}
            order={order}
            totem={claimedBy}
            onClose={() => setReleasing(false)}
            onReleased={(fresh) => {
              setReleasing(false);
              setClaimedBy(null);
              setRefusal(null);
              onOrder(fresh);
            }}
          />
        )}
      </LazyDialog>
    </section>
  );
}

function InFlight({ t, order, payment, busy, run }: { t: TFunction; order: OrderResponse; payment: DeskPayment; busy: boolean; run: (step: () => Promise<PayOutcome | boolean | void>) => void }) {
  const amount = formatCurrency(payment.amount);
  const error = payment.error ? noticeText(payment.error, t) : '';
  const lastError = error ? <p className="muted">{t('kiosk.pay.lastError', { error })}</p> : null;
  switch (payment.stage) {
    case DeskPaymentStage.CHARGING:
      return (
        <p className="notice" aria-busy="true">
          {t('kiosk.pay.charging')}
        </p>
      );
    case DeskPaymentStage.UNCERTAIN:
      return (
        <div role="alert" className="desk-pay__question">
          {/* The question in plain words first; the terminal's own message (the spec's "Errore:
              Verificare pos orchestrator.") folded below it, for whoever looks after the terminal. */}
          <p>{t('kiosk.pay.uncertain', { amount })}</p>
          <p className="actions">
            <button type="button" className="button" disabled={busy} onClick={() => run(() => desk().then((d) => d.confirmTerminalCharge(order.uuid, true)))}>
              {t('kiosk.pay.yesCharged')}
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => run(() => desk().then((d) => d.confirmTerminalCharge(order.uuid, false)))}>
              {t('kiosk.pay.notCharged')}
            </button>
          </p>
          {error && (
            <details className="desk-pay__technical">
              <summary>{t('kiosk.pay.technical')}</summary>
              <p>{error}</p>
            </details>
          )}
        </div>
      );
    case DeskPaymentStage.CHARGED:
      return (
        <div className="notice" data-testid="desk-recording">
          <p>
            <strong>{t('kiosk.pay.charged')}</strong> · {amount}
          </p>
          {lastError}
          <p className="actions">
            <button type="button" className="button" disabled={busy} onClick={() => run(() => desk().then((d) => d.retryRecording(order.uuid)))}>
              {t('kiosk.pay.retryNow')}
            </button>
          </p>
        </div>
      );
    case DeskPaymentStage.RECORDED:
      return payment.receiptFailed ? (
        <div role="alert">
          <p>{t('kiosk.pay.receiptFailed', { error })}</p>
          <p className="actions">
            <button type="button" className="button" disabled={busy} onClick={() => run(() => desk().then((d) => d.printReceipt(order)))}>
              {t('kiosk.pay.printReceipt')}
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => void desk().then((d) => d.dismissPayment(order.uuid))}>
              {t('kiosk.pay.close')}
            </button>
          </p>
        </div>
      ) : (
        <p className="notice" aria-busy="true">
          {t('kiosk.pay.printing')}
        </p>
      );
    case DeskPaymentStage.CONFLICT:
      return (
        <div role="alert">
          <p className="error">{t('kiosk.pay.conflict', { error })}</p>
          <p className="actions">
            <button type="button" className="button" onClick={() => void desk().then((d) => d.dismissPayment(order.uuid))}>
              {t('kiosk.pay.settled')}
            </button>
          </p>
        </div>
      );
  }
}
