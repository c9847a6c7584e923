// Pieces shared by the cash desk's change dialogs (contact data, who an item is for): a modal
// dialog with its title and ×, a labelled field with its message, and the form's end: the server's
// messages that belong to no field, save and back.
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import ModalDialog from '~/components/ui/ModalDialog';

interface DialogProps {
  /** Prefix of the ids inside (title, fields): unique on the page. */
  id: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}

/** The cash desk's change dialog: its title and × over the form (ModalDialog.tsx: opening, focus, Escape). */
export function ChangeDialog({ id, title, closeLabel, onClose, children }: DialogProps) {
  return (
    <ModalDialog className="dialog cash-desk-dialog" labelledBy={`${id}-title`} onClose={onClose}>
      <div className="sheet__header">
        <h2 id={`${id}-title`}>{title}</h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label={closeLabel}>
          ×
        </button>
      </div>
      {children}
    </ModalDialog>
  );
}

interface FieldProps {
  id: string;
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  type?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email';
}

/** A labelled input with its message under it, read out with the field (aria-describedby). */
export function ChangeField({ id, label, error, registration, type = 'text', autoComplete, inputMode }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={!!error}
        aria-describedby={`${id}-error`}
        {...registration}
      />
      <p id={`${id}-error`} className="field__error">
        {error}
      </p>
    </div>
  );
}

/** The server's messages about no field of the form: an alert, read out when it appears. */
function FormErrors({ id, title, messages }: { id: string; title: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div role="alert" aria-labelledby={`${id}-title`} className="server-errors">
      <p id={`${id}-title`}>
        <strong>{title}</strong>
      </p>
      <ul>
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}

interface EndProps {
  t: TFunction;
  id: string;
  /** The server's messages about no field. */
  messages: readonly string[];
  submitting: boolean;
  onBack: () => void;
}

/** The end of a change form: what the server refused outside the fields, then save and back. */
export function ChangeFormEnd({ t, id, messages, submitting, onBack }: EndProps) {
  return (
    <>
      <FormErrors id={`${id}-errors`} title={t('kiosk.changes.notSaved')} messages={messages} />
      <p className="actions">
        <button type="submit" className="button" disabled={submitting} aria-busy={submitting}>
          {submitting ? t('kiosk.changes.saving') : t('kiosk.changes.save')}
        </button>
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t('kiosk.changes.back')}
        </button>
      </p>
    </>
  );
}
