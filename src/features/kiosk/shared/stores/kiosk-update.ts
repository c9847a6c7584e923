// A new build reaches a kiosk only when the kiosk is idle (the rule: domain/kiosk-update.ts):
// features/kiosk/offline/register.ts lets the waiting worker take over, and the daily reload of
// scripts/kiosk-page.ts waits, until nothing is in flight, no dialog is open and nobody touched
// the kiosk for PUBLIC_KIOSK_UPDATE_IDLE_S. Meanwhile $kioskUpdateReady shows staff a note.
// What is in flight is read from the screens' own storage (./storage-keys.ts), so this module
// loads none of their code.
import { atom } from 'nanostores';
import { PUBLIC_KIOSK_UPDATE_IDLE_S } from 'astro:env/client';
import { closeInFlight, holdsWork, readyForUpdate } from '~/domain/kiosk-update';
import { CASHIER_CLOSE_KEY, DESK_CLAIM_ATTEMPTS_KEY, DESK_PAYMENTS_KEY, KIOSK_OUTBOX_KEY } from './storage-keys';

/** A new build waits for the kiosk to be idle: the footer says so. */
export const $kioskUpdateReady = atom(false);

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'input', 'wheel', 'touchstart'] as const;
const CHECK_EVERY_MS = 5_000;

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** A card payment, a payment claim, the cashier close or a confirmation for the API is in flight. */
export function kioskWorkInFlight(): boolean {
  return holdsWork(stored(DESK_PAYMENTS_KEY)) || holdsWork(stored(DESK_CLAIM_ATTEMPTS_KEY)) || holdsWork(stored(KIOSK_OUTBOX_KEY)) || closeInFlight(stored(CASHIER_CLOSE_KEY));
}

function dialogOpen(): boolean {
  return document.querySelector('dialog[open], [role="dialog"]:not([hidden]), [role="alertdialog"]:not([hidden])') !== null;
}

/**
 * The page's last touch and the idle checks, made by a factory (nothing of the kind at module
 * level): the kiosk's pages use the one below, a test makes its own.
 */
export function createKioskActivity(target: () => EventTarget = () => window) {
  let lastInputAt = Date.now();
  let tracking = false;

  /** Records each tap, key (a scanner types) and input on this page, once per page. */
  function trackKioskInput(): void {
    if (tracking) return;
    tracking = true;
    const touched = () => {
      lastInputAt = Date.now();
    };
    for (const name of ACTIVITY_EVENTS) target().addEventListener(name, touched, { passive: true, capture: true });
  }

  function kioskIdle(now = Date.now()): boolean {
    return readyForUpdate({ workInFlight: kioskWorkInFlight(), dialogOpen: dialogOpen(), lastInputAt, now, idleMs: PUBLIC_KIOSK_UPDATE_IDLE_S * 1000 });
  }

  /** Calls `apply` once, the first time the kiosk is idle (checked every few seconds). Returns the stop function. */
  function whenKioskIdle(apply: () => void): () => void {
    trackKioskInput();
    const timer = setInterval(() => {
      if (!kioskIdle()) return;
      clearInterval(timer);
      apply();
    }, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }

  return { trackKioskInput, kioskIdle, whenKioskIdle };
}

export const { trackKioskInput, kioskIdle, whenKioskIdle } = createKioskActivity();
