// Reporting a problem on a unit: a short form (the description), on the unit's page
// and in a dialog from the inventory's rows. The server validates it: its 422 message is shown
// under the field, which takes the focus back. A reported problem locks the unit.
import { useRef, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import ModalDialog from '~/components/ui/ModalDialog';
import { PROBLEM_MAX_LENGTH } from '~/domain/inventory';
import { reportProblem } from './stores/inventory';
import { noticeText } from '~/stores/notifications';

/** Rows of the description box: a sentence or two, typed on a touch keyboard. */
const DESCRIPTION_ROWS = 3;

interface Unit {
  id: number;
  internal_code: string;
}

interface FormProps {
  t: TFunction;
  unit: Unit;
  /** Prefix of the ids inside: unique on the page. */
  id: string;
  /** After the problem was reported, with the sentence to announce. */
  onReported: (message: string) => void;
}

export function UnitProblemForm({ t, unit, id, onReported }: FormProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const outcome = await reportProblem(unit, text);
    setBusy(false);
    if (!outcome.ok) {
      setError(noticeText(outcome.error, t));
      field.current?.focus();
      return;
    }
    setText('');
    setError('');
    onReported(t('kiosk.inventory.reported', { code: unit.internal_code }));
  }

  return (
    <form className="unit-problem" noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-description`}>{t('kiosk.inventory.description')}</label>
        <textarea
          ref={field}
          id={`${id}-description`}
          rows={DESCRIPTION_ROWS}
          maxLength={PROBLEM_MAX_LENGTH}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={`${id}-error`}
        />
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      </div>
      <button type="submit" className="button" aria-disabled={busy}>
        {t('kiosk.inventory.send')}
      </button>
    </form>
  );
}

interface DialogProps {
  t: TFunction;
  unit: Unit;
  onClose: () => void;
  onReported: (message: string) => void;
}

/** The form in a modal dialog (ModalDialog.tsx: opening, focus on the description, Escape), with its Close button. */
export function UnitProblemDialog({ t, unit, onClose, onReported }: DialogProps) {
  return (
    <ModalDialog className="dialog unit-problem-dialog" labelledBy="unit-problem-title" onClose={onClose}>
      <h2 id="unit-problem-title">{t('kiosk.inventory.reportTitle', { code: unit.internal_code })}</h2>
      <UnitProblemForm
        t={t}
        unit={unit}
        id="unit-problem-dialog"
        onReported={(message) => {
          onReported(message);
          onClose();
        }}
      />
      <p className="actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('kiosk.inventory.close')}
        </button>
      </p>
    </ModalDialog>
  );
}
