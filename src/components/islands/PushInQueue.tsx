// /totem/push_in_queue (issue #13): staff type an order's number, or a USB barcode scanner types it
// and presses Enter, and the order goes to the board's queue. After a success the field is empty
// and focused for the next scan; a refusal (unknown order, cancelled) is said under the field with
// the number left selected, so the next scan replaces it.
import { useEffect, useRef, useState } from 'react';
import { romeTime } from '../../domain/dates';
import { queueOrder } from '../../stores/board';
import { useT } from '../../i18n/client';
import { localizePath, toLocale } from '../../i18n/index';
import { queueErrorText } from './PushInQueueButton';
import { useTotemGuard } from './useTotemGuard';
import './controls.css';
import './kiosk.css';
import './board.css';

/** The orders this screen just queued that it lists, newest first. */
const RECENT_SHOWN = 5;

interface Queued {
  number: string;
  queuedAt: string;
}

export default function PushInQueue({ locale }: { locale: string }) {
  const allowed = useTotemGuard();
  const t = useT(locale);
  if (!allowed) return <p aria-busy="true">{t('kiosk.loading')}</p>;
  return <QueueForm locale={locale} />;
}

function QueueForm({ locale }: { locale: string }) {
  const t = useT(locale);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [recent, setRecent] = useState<Queued[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // Refs, not state: a scanner's Enter can come before React re-renders after the previous one.
  const sending = useRef(false);
  const again = useRef(false);

  useEffect(() => input.current?.focus(), []);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (sending.current) {
      // A second scan while the first is sent: it goes once the first is answered.
      again.current = true;
      return;
    }
    const typed = (input.current?.value ?? value).trim();
    sending.current = true;
    setBusy(true);
    setError(null);
    setDone(null);
    // Emptied at once, so a scan that follows goes into an empty field, not after this number.
    setValue('');
    const outcome = await queueOrder(typed);
    sending.current = false;
    setBusy(false);
    if (outcome.ok) {
      setDone(t('kiosk.queue.done', { number: outcome.number }));
      setRecent((list) => [{ number: outcome.number, queuedAt: outcome.queuedAt }, ...list.filter((q) => q.number !== outcome.number)].slice(0, RECENT_SHOWN));
    } else {
      setError(queueErrorText(outcome, t));
      // The refused number comes back selected (unless another was typed meanwhile): the next scan replaces it.
      if (!input.current?.value) {
        setValue(typed);
        setTimeout(() => input.current?.select());
      }
    }
    input.current?.focus();
    if (again.current) {
      again.current = false;
      if (input.current?.value.trim()) setTimeout(() => form.current?.requestSubmit());
    }
  };

  return (
    <div className="queue">
      <form ref={form} className="kiosk-form queue__form" onSubmit={submit} noValidate>
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
            aria-invalid={!!error}
            aria-describedby="queue-number-help queue-number-error"
          />
          <p id="queue-number-error" className="field__error" role="alert">
            {error}
          </p>
        </div>
        <button type="submit" className="button button--block" aria-disabled={busy}>
          {busy ? t('kiosk.queue.sending') : t('kiosk.queue.submit')}
        </button>
      </form>
      <p className="queue__done" role="status">
        {done}
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
