// A modal question with two answers (a clear, an unpairing): the native dialog keeps the focus
// inside and gives it back; Escape and the cancel button both say no.
import { useEffect, useRef } from 'react';

interface Props {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export default function ConfirmDialog({ open, title, text, confirmLabel, cancelLabel, onConfirm, onCancel }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="confirm-title" aria-describedby="confirm-text" onCancel={onCancel} onClose={onCancel}>
      <h2 id="confirm-title">{title}</h2>
      <p id="confirm-text">{text}</p>
      <p className="actions">
        <button type="button" className="button button--danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} autoFocus>
          {cancelLabel}
        </button>
      </p>
    </dialog>
  );
}
