// Kiosk (totem) rules of spec §4, §6, §7 that customer pages need too: the totem types and roles,
// the kiosk pages' paths, the documents rule and the kiosk's API server. What only the kiosk's own
// screens decide (the hidden gesture, idle resets, page access, the daily reload) is in
// ./kiosk-screens.ts, and what is sent to the payment terminal in ./terminal.ts: the app bar of every
// customer page needs the roles, not the rest.
import type { Totem, TotemType } from '../api/contract/kiosk';

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
