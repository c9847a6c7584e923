// What a kiosk's own screens decide (spec §2, §4, §7): the hidden configuration gesture, the idle
// resets, which kiosk page a totem may open, where a kiosk starts and its daily reload. The roles
// and paths every customer page needs too are in ./kiosk.ts.
import type { Totem, TotemType } from '../api/contract/kiosk';
import { todayInRome } from './dates';
import { TotemPages, TotemTypes, type TotemPage } from './kiosk';

/** The hidden gesture: this many taps within the reset window open the kiosk password dialog. */
export const KIOSK_TAP_COUNT = 5;
export const KIOSK_TAP_RESET_MS = 30_000;
/** Widest the password dialogs grow (px), the kiosk's and the one for this shop's kiosks. */
export const PASSWORD_DIALOG_MAX_WIDTH = 500;
/**
 * A public kiosk returns to its start screen, cart emptied, when nobody touched it for this long
 * (a customer who walked away leaves no data for the next one), and sooner once an order was placed.
 */
export const KIOSK_IDLE_RESET_MS = 180_000;
export const KIOSK_CONFIRMATION_RESET_MS = 60_000;
/**
 * A read of the wall board gives up after this long, so a hung read does not freeze the board: the
 * next event or fallback poll (every 30 s while not live) reads it again. Here, not in ./board.ts:
 * the cash desk puts orders in the queue through the board's API client, which would otherwise
 * ship the board's column rules to every cash-desk page.
 */
export const BOARD_READ_TIMEOUT_MS = 15_000;

export interface TapState {
  count: number;
  /** Time (ms) of the first tap of the current 30-second window. */
  windowStart: number;
  /** True on the tap that opens the password dialog. */
  open: boolean;
}

export const initialTapState: TapState = { count: 0, windowStart: 0, open: false };

/**
 * Five taps within 30 s open the kiosk password dialog. The count restarts when the window is
 * over and after the dialog opened, so a sixth tap does not reopen it.
 */
export function tapCounter(state: TapState | null | undefined, nowMs: number): TapState {
  const fresh = !state || state.open || state.count === 0 || nowMs - state.windowStart >= KIOSK_TAP_RESET_MS;
  const count = fresh ? 1 : state.count + 1;
  const windowStart = fresh ? nowMs : state.windowStart;
  return { count, windowStart, open: count >= KIOSK_TAP_COUNT };
}

/** A kiosk reloads once a day: when the stored day (Europe/Rome) is not today. Store todayInRome(now) after. */
export function shouldReloadToday(lastRefresh: string | null | undefined, now: Date = new Date()): boolean {
  return lastRefresh !== todayInRome(now);
}

/**
 * The lowest totem type each kiosk page needs (spec §2 middleware `totem` and `totem-admin`): the
 * staff pages are for admin totems; the board, the queue and the configuration (behind its
 * password) are for any totem. The server checks the same levels on every call.
 */
const PAGE_MIN_TYPE: Record<TotemPage, TotemType> = {
  [TotemPages.BOARD]: TotemTypes.PUBLIC,
  [TotemPages.PUSH_IN_QUEUE]: TotemTypes.PUBLIC,
  [TotemPages.CONFIGURATION]: TotemTypes.PUBLIC,
  [TotemPages.CASH_DESK]: TotemTypes.ADMIN,
  [TotemPages.DELIVERY]: TotemTypes.ADMIN,
  [TotemPages.PICKUP]: TotemTypes.ADMIN,
  [TotemPages.INVENTORY]: TotemTypes.ADMIN,
  [TotemPages.PRODUCTS]: TotemTypes.ADMIN,
};

/** The kiosk page a path (without locale prefix) belongs to, `/totem/cash-desk/{uuid}` included. */
export function totemPageOf(path: string): TotemPage | null {
  const clean = path.replace(/\/+$/, '');
  const pages = Object.values(TotemPages);
  return pages.find((page) => clean === page || clean.startsWith(`${page}/`)) ?? null;
}

/**
 * May this browser stay on a kiosk page? No totem: no (`totem`); a totem below the page's type:
 * no (`totem-admin`); the configuration also needs `canSeeConfig` (given by the password). A path
 * that is no kiosk page is always allowed.
 */
export function mayOpenTotemPage(path: string, totem: Pick<Totem, 'type'> | null | undefined, canSeeConfig = false): boolean {
  const page = totemPageOf(path);
  if (!page) return true;
  if (!totem || totem.type < PAGE_MIN_TYPE[page]) return false;
  return page !== TotemPages.CONFIGURATION || canSeeConfig;
}

/**
 * Where a kiosk starts (after pairing, from the logo, after an idle reset): a public kiosk is the
 * shop's self-service booking; the admin totems start at the cash desk's order list.
 */
export function kioskHome(totem: Pick<Totem, 'type'>, shopSlug: string): string {
  return totem.type === TotemTypes.PUBLIC ? `/prenota/${shopSlug}` : TotemPages.CASH_DESK;
}

/** The kiosk sheet's buttons (spec §2 totem layout): cash desk, delivery, pickup, for the types allowed. */
export function kioskSheetPages(totem: Pick<Totem, 'type'>): TotemPage[] {
  return [TotemPages.CASH_DESK, TotemPages.DELIVERY, TotemPages.PICKUP].filter((page) => mayOpenTotemPage(page, totem));
}

/**
 * On a kiosk the shop is fixed: a booking path of another shop (`/prenota/{slug}…`) is the
 * kiosk's own shop's. Returns the path to go to instead, or null when the path is fine.
 */
export function kioskShopRedirect(path: string, shopSlug: string): string | null {
  const match = /^\/prenota\/([^/]+)(\/.*)?$/.exec(path);
  if (!match || match[1] === shopSlug) return null;
  return `/prenota/${shopSlug}${match[2] ?? ''}`;
}

