// Rules of the kiosk's inventory and product pages: where a unit is (available, out,
// locked), the filters staff pick, a scanned code as the API takes it, the address of a unit's page
// and of an order at the cash desk. Pure: shared by the store, the islands and their tests.

/** The states of a unit, in the order staff read them (the API's `status`). */
export const UNIT_STATUSES = ['available', 'out', 'locked'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

/** The API keeps internal codes this long at most (longer text cannot be a code). */
export const UNIT_CODE_MAX_LENGTH = 64;
/** The API refuses problem descriptions longer than this (contract ProblemRequestSchema). */
export const PROBLEM_MAX_LENGTH = 1000;

export const isUnitStatus = (value: unknown): value is UnitStatus => UNIT_STATUSES.includes(value as UnitStatus);

/** i18n key of a state's label. */
export const unitStatusKey = (status: UnitStatus) => `kiosk.inventory.statuses.${status}`;

/**
 * A code as typed or scanned, as the API stores it: a USB scanner may add spaces or a tab around
 * it, and staff type in lower case; codes are upper case. Empty when nothing usable was typed.
 */
export function normalizeUnitCode(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase().slice(0, UNIT_CODE_MAX_LENGTH);
}

const PRODUCTS_PAGE = '/totem/products';

/** The page of one unit (`/totem/products/{code}`, without locale). */
export const productUnitPath = (code: string) => `${PRODUCTS_PAGE}/${encodeURIComponent(code)}`;

/** The unit a products address names (`/totem/products/{code}`, without locale), or null for the lookup. */
export function productUnitCode(path: string): string | null {
  const match = /^\/totem\/products\/([^/]+)\/?$/.exec(path);
  if (!match) return null;
  let code: string;
  try {
    code = decodeURIComponent(match[1]!);
  } catch {
    // A broken escape is no code of ours: show the lookup.
    return null;
  }
  return normalizeUnitCode(code) || null;
}

/**
 * The cash desk's address of an order: by its uuid when the API gives one, else by its id (the
 * orders route takes an id, a uuid or a number from a totem of the order's shop).
 */
export function cashDeskOrderPath(order: { order_id: number; order_uuid?: string | null }): string {
  return `/totem/cash-desk/${encodeURIComponent(order.order_uuid || String(order.order_id))}`;
}

/** What staff picked in the inventory's filters. */
export interface InventoryFilters {
  /** Empty: every state. */
  status: UnitStatus | '';
  productId: number | null;
  /** Code or model, as typed. */
  q: string;
  /** Only units out outside order lines (spec §3 extras, `extra=1`). */
  extra: boolean;
}

export const NO_FILTERS: InventoryFilters = { status: '', productId: null, q: '', extra: false };

/** The API query of the list's filters (GET v1/specific_products); `extra` is a request of its own. */
export function inventoryQuery(filters: InventoryFilters): { status?: UnitStatus; product_id?: number; q?: string } {
  const q = filters.q.trim().slice(0, UNIT_CODE_MAX_LENGTH);
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.productId !== null ? { product_id: filters.productId } : {}),
    ...(q ? { q } : {}),
  };
}

export interface ProductOption {
  id: number;
  label: string;
}

/**
 * The products staff can filter by: every product seen so far in the shop's units (the first,
 * unfiltered list holds them all), by label. A filtered answer never takes an option away.
 */
export function mergeProductOptions(known: readonly ProductOption[], units: readonly { product: ProductOption }[]): ProductOption[] {
  const byId = new Map(known.map((p) => [p.id, p]));
  for (const { product } of units) byId.set(product.id, { id: product.id, label: product.label });
  return [...byId.values()].sort((a, b) => a.label.localeCompare(b.label) || a.id - b.id);
}

/** How many units of each state a list holds (the line above the table). */
export function countByStatus(units: readonly { status: UnitStatus }[]): Record<UnitStatus, number> {
  const counts: Record<UnitStatus, number> = { available: 0, out: 0, locked: 0 };
  for (const unit of units) counts[unit.status] += 1;
  return counts;
}

/** Extras (units out outside order lines) whose code or model holds the typed text. */
export function filterExtras<T extends { internal_code: string; product_model: string }>(extras: readonly T[], q: string): T[] {
  const text = q.trim().toUpperCase();
  if (!text) return [...extras];
  return extras.filter((e) => e.internal_code.toUpperCase().includes(text) || e.product_model.toUpperCase().includes(text));
}

/** The list with one unit replaced by its newer reading (unlocked, a problem added), same place. */
export function replaceUnit<T extends { id: number }>(units: readonly T[], updated: T): T[] {
  return units.map((u) => (u.id === updated.id ? updated : u));
}

/** Only problems not yet resolved (unlocking resolves them). */
export const openProblems = <P extends { resolved_at: string | null }>(problems: readonly P[]) => problems.filter((p) => p.resolved_at === null);

/** Units whose open problems the list shows: a locked unit is locked because of them. */
export const unitsWithProblems = <U extends { locked: boolean }>(units: readonly U[]) => units.filter((u) => u.locked);
