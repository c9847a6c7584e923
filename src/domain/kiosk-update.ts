// When a kiosk may switch to a new build. A new build's service worker waits until then: a page
// reloaded under staff's hands loses what it was doing (a card payment's answer from the terminal
// among it), while a build a few minutes late loses nothing. The kiosk is idle when nothing is in
// flight (a card payment, a payment claim, the cashier close, a confirmation queued for the API),
// no dialog is open, and nobody has touched it for the idle window.

/** Whether a persisted record or list (a nanostores persistent value, JSON) holds anything. */
export function holdsWork(stored: string | null): boolean {
  if (!stored) return false;
  try {
    const value: unknown = JSON.parse(stored);
    if (Array.isArray(value)) return value.length > 0;
    if (value && typeof value === 'object') return Object.keys(value).length > 0;
    return false;
  } catch {
    // Unreadable: the screen that owns it will say so; it is not work the update can wait for.
    return false;
  }
}

/** The cashier close is under way while the terminal is asked, or its report not yet recorded. */
export function closeInFlight(stored: string | null): boolean {
  if (!stored) return false;
  try {
    const step = (JSON.parse(stored) as { step?: unknown } | null)?.step;
    return step === 'terminal' || step === 'unrecorded';
  } catch {
    return false;
  }
}

export interface KioskActivity {
  /** A payment, claim, close or queued confirmation is in flight. */
  workInFlight: boolean;
  dialogOpen: boolean;
  /** Epoch ms of the last tap, key or scan on this page (its load when none). */
  lastInputAt: number;
  now: number;
  idleMs: number;
}

export function readyForUpdate({ workInFlight, dialogOpen, lastInputAt, now, idleMs }: KioskActivity): boolean {
  return !workInFlight && !dialogOpen && now - lastInputAt >= idleMs;
}
