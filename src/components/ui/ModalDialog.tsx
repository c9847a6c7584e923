// A modal dialog that lives as long as it is mounted, for a form staff came to fill in (the cash
// desk's changes, a unit's problem): the caller shows it by rendering it and hides it by not, so
// the dialog and the state that asked for it never disagree.
import { useLayoutEffect, useRef, type ReactNode } from 'react';

interface Props {
  className: string;
  /** The id of the dialog's title, inside `children`. */
  labelledBy: string;
  /** Escape: the caller unmounts the dialog. */
  onClose: () => void;
  children: ReactNode;
}

/**
 * Opened as a modal when it mounts (the page behind is inert), closed when it unmounts. The focus
 * goes to its first field (not to a close button: staff came to type), and back to the control
 * that opened it, unless that control is gone (the focus then stays where the page puts it).
 */
export default function ModalDialog({ className, labelledBy, onClose, children }: Props) {
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
      className={className}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        // Escape: React decides (unmounting closes it), so the dialog and the state never disagree.
        event.preventDefault();
        onClose();
      }}
    >
      {children}
    </dialog>
  );
}
