// Kiosk (totem) rules of spec §4, §6, §7: roles, pages, the hidden configuration gesture and the
// daily reload. What is sent to the payment terminal is in ./terminal.ts: the app bar of every
// customer page needs the roles, not the receipts.
import type { Totem, TotemType } from '../api/contract/kiosk';
import { todayInRome } from './dates';

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

export const TotemTypes = { PUBLIC: 10, ADMIN: 20, ADMIN_CASH_DESK: 30 } as const satisfies Record<string, TotemType>;

export interface TotemRole {
  isAdmin: boolean;
  isCashDesk: boolean;
  /** The orders-list chip shows only on a totem whose type is not 10. */
  canSeeOrdersChip: boolean;
}

/** 10 public kiosk; 20 totem admin; 30 totem admin and cash desk. No totem: no role. */
export function totemRole(type: TotemType | number | null | undefined): TotemRole {
  const isAdmin = type === TotemTypes.ADMIN || type === TotemTypes.ADMIN_CASH_DESK;
  return { isAdmin, isCashDesk: type === TotemTypes.ADMIN_CASH_DESK, canSeeOrdersChip: type != null && type !== TotemTypes.PUBLIC };
}

/** Kiosk mode is on whenever a totem configuration exists. */
export function isTotemMode(totem: Pick<Totem, 'type'> | null | undefined): boolean {
  return totem != null;
}

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
 * Spec §5: documents can be optional when the totem has data_security_user_optional. An order a
 * kiosk places (a customer at the shop, nobody checking an ID) needs an identity document unless
 * that flag is set; a customer booking online is not asked here. The server enforces the same rule.
 */
export function documentsRequired(totem: Pick<Totem, 'data_security_user_optional'> | null | undefined): boolean {
  return !!totem && !totem.data_security_user_optional;
}

/** The kiosk pages of spec §2, without the locale prefix. */
export const TotemPages = {
  BOARD: '/totem/board',
  CASH_DESK: '/totem/cash-desk',
  CONFIGURATION: '/totem/configuration',
  DELIVERY: '/totem/delivery',
  INVENTORY: '/totem/inventory',
  PICKUP: '/totem/pickup',
  PRODUCTS: '/totem/products',
  PUSH_IN_QUEUE: '/totem/push_in_queue',
} as const;
export type TotemPage = (typeof TotemPages)[keyof typeof TotemPages];

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

/*
 * A kiosk's own API server (`server_url`, spec §3): the kiosk sends its token there, so only https,
 * or plain http on the device itself (a local proxy). The page's API client checks a stored value
 * on every request (src/stores/api.ts), the configuration page before saving.
 */
/** Host names that stay on the device: the only ones a kiosk may reach over plain http. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for an address a kiosk may send its requests and token to. */
export function isKioskApiServer(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  } catch {
    return false;
  }
}
