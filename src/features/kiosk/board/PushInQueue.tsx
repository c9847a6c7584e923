// /totem/push_in_queue: staff type an order's number, or a USB barcode scanner types it
// and presses Enter, and the order goes to the board's queue. The field empties at every Enter, so
// each number is its own push, even while an earlier one is still sent (stores/push-in-queue.ts
// sends them in turn); a refusal (unknown order, cancelled) is said under the field with its
// number, which comes back selected when nothing else was typed, so the next scan replaces it.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { romeTime } from '~/domain/dates';
import { $pushInQueue, pushScan, type QueueRefusal } from './stores/push-in-queue';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';
import { queueErrorText } from '../shared/PushInQueueButton';
import { useTotemGuard } from '../shared/useTotemGuard';
import '~/components/ui/controls.css';
import '../shared/kiosk.css';
import './board.css';

export default function PushInQueue({ locale }: { locale: string }) {
  const allowed = useTotemGuard();
  const t = useT(locale);
  if (!allowed) return <p aria-busy="true">{t('kiosk.loading')}</p>;
  return <QueueForm locale={locale} />;
}

function QueueForm({ locale }: { locale: string }) {
  const t = useT(locale);
  const [value, setValue] = useState('');
  const { waiting, done, refused, recent } = useStore($pushInQueue);
  const busy = waiting.length > 0;
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), []);

  const refusalText = ({ number, outcome }: { number: string; outcome: QueueRefusal }) =>
    number ? t('kiosk.queue.refusedNumber', { number, reason: queueErrorText(outcome, t) }) : queueErrorText(outcome, t);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const typed = (input.current?.value ?? value).trim();
    // Emptied at once, even while another number is sent: the next scan is a number of its own.
    setValue('');
    const outcome = await pushScan(typed);
    // Refused, nothing typed since and nothing else on the way: the number back, selected, for the next scan to replace.
    if (!outcome.ok && !input.current?.value && $pushInQueue.get().waiting.length === 0) {
      setValue(typed);
      setTimeout(() => input.current?.select());
    }
    input.current?.focus();
  };

  return (
    <div className="queue">
      <form className="kiosk-form queue__form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="queue-number">{t('kiosk.queue.label')}</label>
          <p id="queue-number-help" className="queue__help">
            {t('kiosk.queue.help')}
          </p>
          <input
            ref={input}
            id="queue-number"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="send"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={refused.length > 0}
            aria-describedby="queue-number-help queue-number-error"
          />
          <p id="queue-number-error" className="field__error" role="alert">
            {refused.map((r, i) => (
              <span key={i}>
                {i > 0 ? ' ' : ''}
                {refusalText(r)}
              </span>
            ))}
          </p>
        </div>
        <button type="submit" className="button button--block" aria-disabled={busy}>
          {busy ? t('kiosk.queue.sending') : t('kiosk.queue.submit')}
        </button>
      </form>
      <p className="queue__done" role="status">
        {done ? t('kiosk.queue.done', { number: done }) : ''}
      </p>
      {recent.length > 0 && (
        <section className="queue__recent" aria-labelledby="queue-recent">
          <h2 id="queue-recent">{t('kiosk.queue.recent')}</h2>
          <ul>
            {recent.map((q) => (
              <li key={q.number}>
                <strong>{q.number}</strong> · {t('kiosk.queue.queuedAt', { time: romeTime(q.queuedAt) })}
              </li>
            ))}
          </ul>
        </section>
      )}
      <p>
        <a className="button button--secondary" href={localizePath(toLocale(locale), '/totem/board')}>
          {t('kiosk.queue.openBoard')}
        </a>
      </p>
    </div>
  );
}
