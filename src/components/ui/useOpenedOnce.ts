// Lazy dialogs: a dialog opened by a tap (the login sheet, "Per chi è…") is a chunk of
// its own, fetched the first time it opens, so its form code (react-hook-form) is not part of the
// screen's first load. Once opened it stays mounted: closing it keeps its form state and the
// native <dialog> closing (focus back to the button that opened it) as before.
import { useState } from 'react';

/** False until `open` has been true once, then true for good. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Set during render, not in an effect: the dialog mounts in the same commit it is asked for.
  if (open && !opened) setOpened(true);
  return opened || open;
}
