// Pieces shared by the cash desk's change dialogs (contact data, who an item is for): a modal
// dialog that takes the focus to its first field and gives it back to the button that opened it,
// a labelled field with its message, and the server's messages that belong to no field.
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface DialogProps {
  /** Prefix of the ids inside (title, fields): unique on the page. */
  id: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * Opened as a modal when it mounts (the page behind is inert), closed when it unmounts. Escape and
 * × close it. The focus goes to its first field (not to ×: staff came to type), and back to the
 * control that opened it, or to `fallbackFocus` when that control is gone.
 */
export function ChangeDialog({ id, title, closeLabel, onClose, children }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Layout effect: the cleanup runs before React removes the node, while it can still be closed.
  useLayoutEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!el.open) el.showModal();
    el.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea')?.focus();
    return () => {
      if (el.open) el.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className="dialog cash-desk-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        // Escape: React decides (unmounting closes it), so the dialog and the state never disagree.
        event.preventDefault();
        onClose();
      }}
    >
      <div className="sheet__header">
        <h2 id={`${id}-title`}>{title}</h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label={closeLabel}>
          ×
        </button>
      </div>
      {children}
    </dialog>
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
export function FormErrors({ id, title, messages }: { id: string; title: string; messages: readonly string[] }) {
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
