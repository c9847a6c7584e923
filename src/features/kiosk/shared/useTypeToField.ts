// Staff at a counter start typing (or the USB scanner types an order number and Enter) wherever
// the focus was left: on a tab, a row, nothing at all. A printable key pressed outside any field
// goes to the screen's search field, its old text selected so the new one replaces it, and Enter
// then searches there. Keys inside a field, a dialog, or with a modifier are left alone, and so is
// the space bar (it presses the focused button).
import { useEffect, type RefObject } from 'react';

const EDITABLE = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';

export function useTypeToField(field: RefObject<HTMLInputElement | null>, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1 || event.key === ' ') return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(EDITABLE) || document.querySelector('dialog[open], [role="dialog"], [role="alertdialog"]')) return;
      const input = field.current;
      if (!input) return;
      // Focused during the keydown, the field receives the key's character itself.
      input.focus();
      input.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [field, enabled]);
}
