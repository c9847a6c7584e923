// The scan field of the delivery and pickup counters: a USB scanner types the code fast
// and presses Enter, so the field is uncontrolled (nothing re-renders between keystrokes), keeps
// the focus (a key typed while nothing is focused lands here), empties at once for the next code,
// and on a refusal gives the refused code back selected, so the next scan simply replaces it.
// The result of each scan is said next to the field, in a live region.
import { useEffect, useRef, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { ScanFeedback } from './stores/scan-feedback';

export function feedbackText(t: TFunction, feedback: Pick<ScanFeedback, 'message'>): string {
  const { message } = feedback;
  return 'text' in message ? message.text : t(message.key, message.params);
}

interface Props {
  id: string;
  label: string;
  help: string;
  submitLabel: string;
  t: TFunction;
  feedback: ScanFeedback | null;
  onScan: (code: string) => Promise<boolean>;
  /** What staff may do about the last refusal (force, extra), shown under the message, outside the form. */
  children?: ReactNode;
}

const isTypingKey = (event: KeyboardEvent) => event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;

export default function ScanInput({ id, label, help, submitLabel, t, feedback, onScan, children }: Props) {
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
    // A scanner fires at whatever has the focus: when nothing does, its keys come here.
    const redirect = (event: KeyboardEvent) => {
      const active = document.activeElement;
      if (isTypingKey(event) && (!active || active === document.body)) input.current?.focus();
    };
    document.addEventListener('keydown', redirect, true);
    return () => document.removeEventListener('keydown', redirect, true);
  }, []);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const field = input.current;
    if (!field) return;
    const code = field.value.trim();
    if (!code) return;
    field.value = '';
    field.focus();
    const added = await onScan(code);
    // Refused, and nothing new typed meanwhile: the code stays, selected, for the next scan to replace.
    if (!added && field.value === '') {
      field.value = code;
      field.select();
    }
  };

  const refused = feedback?.tone === 'refused';
  return (
    <div className="scan">
      <form onSubmit={submit}>
        <div className="field scan__field">
          <label id={`${id}-label`} htmlFor={id}>
            {label}
          </label>
          <span className="scan__row">
            <input
              ref={input}
              id={id}
              name="code"
              type="text"
              inputMode="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              enterKeyHint="send"
              aria-describedby={`${id}-help ${id}-feedback`}
              aria-invalid={refused || undefined}
            />
            <button type="submit" className="button">
              {submitLabel}
            </button>
          </span>
          <span id={`${id}-help`} className="muted">
            {help}
          </span>
        </div>
      </form>
      {/* One live region that stays in place: its text changes with every scan and is announced. */}
      <p id={`${id}-feedback`} className={`scan__feedback${feedback ? ` scan__feedback--${feedback.tone}` : ''}`} role="status" aria-live="polite">
        {feedback ? feedbackText(t, feedback) : ''}
      </p>
      {/* Outside the form: Enter in the force reason must not submit the scan again. */}
      {children}
    </div>
  );
}
