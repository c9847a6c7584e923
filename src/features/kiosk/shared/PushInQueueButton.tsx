// "Put in the queue" for one order, for the cash desk's order page: the order goes to
// the board's queue column (POST v1/totem/push_in_queue), and the button says since when it is
// there. Offered for confirmed orders only (the server refuses a cancelled one with 410).
import { useState } from 'react';
import type { TFunction } from 'i18next';
import type { OrderResponse } from '~/api/contract/orders';
import { romeTime, todayInRome, toRomeDay } from '~/domain/dates';
import { queueOrder, type QueueOutcome } from './stores/queue-order';
import { useT } from '~/i18n/client';

/** The text of a refused push, for the field or the button that sent it. */
export function queueErrorText(outcome: Extract<QueueOutcome, { ok: false }>, t: TFunction): string {
  if (outcome.reason === 'invalid' && outcome.message) return outcome.message;
  const keys = { required: 'required', notFound: 'notFound', cancelled: 'cancelled', invalid: 'notFound', failed: 'failed' } as const;
  return t(`kiosk.queue.${keys[outcome.reason]}`);
}

/** Queued today: a queueing of an earlier day is no longer on the board. */
const queuedToday = (queuedAt: string | null | undefined) => (queuedAt && toRomeDay(new Date(queuedAt)) === todayInRome() ? queuedAt : null);

export default function PushInQueueButton({ locale, order }: { locale: string; order: Pick<OrderResponse, 'id' | 'number' | 'status' | 'queued_at'> }) {
  const t = useT(locale);
  const [busy, setBusy] = useState(false);
  const [queuedAt, setQueuedAt] = useState(() => queuedToday(order.queued_at));
  const [error, setError] = useState<string | null>(null);
  if (order.status !== 'confirmed') return null;

  const push = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const outcome = await queueOrder(order.number);
    if (outcome.ok) setQueuedAt(outcome.queuedAt);
    else setError(queueErrorText(outcome, t));
    setBusy(false);
  };

  const id = `push-in-queue-${order.id}`;
  return (
    <div className="push-in-queue">
      <button type="button" className="button button--secondary" onClick={push} disabled={busy} aria-describedby={id}>
        {busy ? t('kiosk.queue.sending') : t('kiosk.queue.submit')}
      </button>
      <p id={id} role="status" className={error ? 'field__error' : undefined}>
        {error ?? (queuedAt ? t('kiosk.queue.queuedAt', { time: romeTime(queuedAt) }) : '')}
      </p>
    </div>
  );
}
