// What each day of the calendar shows for the chosen product: whether it is still free
// in the morning and in the afternoon, net of what the visitor's cart already holds, and the price
// the current selection would have if that day were picked. The calendar island only renders this.
//
// - Free units per half-day come from GET v1/shops/{id}/availabilities/days (the server's stock
//   minus its bookings). The visitor's cart holds no unit on the server yet, and its lines follow
//   whatever dates are chosen (`repriceCart`), so a day is judged for the whole booking: a half
//   fits when the server has as many units free as the cart holds of the product (main lines and
//   used add-ons, `cartCountOf`), or one when the cart holds none. "Units left" is what remains
//   after the cart: what can still be added, as on the shop page (spec §5).
// - A day is sold out when the selection needs a half that does not fit: mode 0 the morning,
//   mode 1 the afternoon, modes 2 and 3 both. Sold-out days stay pickable: they are marked only.
// - Price if picked: mode 2 the 1-day price; 0 / 1 the morning / afternoon price; mode 3 with a
//   start chosen the price of start..that day (`rentDays`, `selectPrice`, `productTotal`), before
//   a start (or once a range is complete, when a click starts a new one) the 1-day price. No price
//   applies → null (the cell shows nothing, never 0).
import type { DayAvailability } from '../api/contract/availability';
import type { Category, Price, Product } from '../api/contract/catalogue';
import type { CartProduct } from '../api/contract/cart';
import type { Half } from './availability';
import { cartCountOf } from './cart';
import { addDays, DateModes, normalizeDates, rentDays, type DateMode } from './dates';
import { productTotal, selectPrice } from './pricing';
import { dayBlock } from './calendar-season';
import { ALL_YEAR, type SeasonWindow } from './season';

export type CartLine = Pick<CartProduct, 'id' | 'related'>;

/** Units free in each half of a day, as the server counts them. */
export interface HalfCounts {
  morning: number;
  afternoon: number;
}

/** Whether the visitor's booking of the product fits in each half of a day. */
export interface HalfFit {
  morning: boolean;
  afternoon: boolean;
}

/**
 * What the cell says about availability; also the i18n key under `calendar.day.*`.
 * `soldOutMorningFree`: the selection needs the afternoon (or both) and only the morning fits.
 */
export type DayState =
  | 'loading'
  | 'unknown'
  | 'available'
  | 'availableMorning'
  | 'availableAfternoon'
  | 'soldOut'
  | 'soldOutMorningFree'
  | 'soldOutAfternoonFree';

export interface CalendarCell {
  day: string;
  past: boolean;
  /** Out of the shop's season: the day the shop opens again; null when the day is in season. */
  opensOn: string | null;
  /** Whether the booking fits in each half; null when unknown (loading, failed, past). */
  fit: HalfFit | null;
  state: DayState;
  soldOut: boolean;
  /** What the current selection would cost with this day picked; null when no price applies. */
  price: number | null;
  /** Rent days of that selection (for the price); 0 with no price. */
  rentDays: number;
}

export interface ProductGroup {
  /** Category id of the group. */
  id: number;
  label: string;
  products: Product[];
}

/**
 * The shop's products grouped by category for the product picker: one group per child category
 * (root categories only hold children, as on the booking page), plus one for a root's products
 * that sit in no child; a product in several categories is listed once, in its first group.
 */
export function productGroups(categories: readonly Category[], products: readonly Product[]): ProductGroup[] {
  const placed = new Set<number>();
  const groups: ProductGroup[] = [];
  const take = (category: Category) => {
    const list = products.filter((p) => p.categories.includes(category.id) && !placed.has(p.id));
    for (const p of list) placed.add(p.id);
    if (list.length > 0) groups.push({ id: category.id, label: category.label ?? '', products: list });
  };
  for (const root of categories) {
    for (const child of root.children) take(child);
    take(root);
  }
  return groups;
}

/**
 * The product shown first: the one asked for (`?product=`), else the first product of the category
 * the visitor came for (`?category=`, as category ids: see categoryForSlug), else the first one of
 * the shop already in the cart, else the shop's first product; null when the shop has none.
 */
export function initialProductId(
  groups: readonly ProductGroup[],
  requested: string | null | undefined,
  cart: readonly Pick<CartProduct, 'id'>[],
  categoryIds: readonly number[] = [],
): number | null {
  const ids = groups.flatMap((g) => g.products.map((p) => p.id));
  const asked = requested && /^\d+$/.test(requested) ? Number(requested) : null;
  if (asked !== null && ids.includes(asked)) return asked;
  const ofCategory = groups.find((g) => categoryIds.includes(g.id) && g.products.length > 0);
  if (ofCategory) return ofCategory.products[0]!.id;
  const inCart = cart.find((line) => ids.includes(line.id));
  if (inCart) return inCart.id;
  return ids[0] ?? null;
}

/** The half-days a selection in this mode holds on each of its days. */
export function neededHalves(mode: DateMode): Half[] {
  if (mode === DateModes.MORNING) return ['morning'];
  if (mode === DateModes.AFTERNOON) return ['afternoon'];
  return ['morning', 'afternoon'];
}

/**
 * Whether a booking of `inCart` units (at least one: the visitor may be about to add it) fits in
 * each half of a day with `server` units free; null when the day is not known.
 */
export function halvesThatFit(server: HalfCounts | null | undefined, inCart: number): HalfFit | null {
  if (!server) return null;
  const needed = Math.max(1, inCart);
  return { morning: server.morning >= needed, afternoon: server.afternoon >= needed };
}

/** The state of a day for a selection in `mode`, from which halves fit. */
export function dayState(fit: HalfFit | null, mode: DateMode, loading = false): DayState {
  if (!fit) return loading ? 'loading' : 'unknown';
  const soldOut = neededHalves(mode).some((half) => !fit[half]);
  if (fit.morning && fit.afternoon) return 'available';
  if (fit.morning) return soldOut ? 'soldOutMorningFree' : 'availableMorning';
  if (fit.afternoon) return soldOut ? 'soldOutAfternoonFree' : 'availableAfternoon';
  return 'soldOut';
}

export function isSoldOutState(state: DayState): boolean {
  return state === 'soldOut' || state === 'soldOutMorningFree' || state === 'soldOutAfternoonFree';
}

/**
 * What the selection would cost with `day` picked, and for how many rent days; null when the
 * product has no price for it. `picked` is the selection so far (mode 3: a start, or a full range).
 */
export function priceIfPicked(
  prices: readonly Price[],
  mode: DateMode,
  picked: readonly string[],
  day: string,
): { amount: number; days: number } | null {
  if (mode === DateModes.SEASONAL) return null;
  const start = normalizeDates(mode, picked);
  // Mode 3: with only a start picked, this day ends the range (rentDays swaps a reversed one);
  // otherwise picking it starts a range, which costs one day until its end is chosen.
  const days = mode === DateModes.RANGE && start.length === 1 ? rentDays(DateModes.RANGE, [start[0]!, day]) : 1;
  const price = selectPrice(prices, mode, days);
  return price ? { amount: productTotal(price, [], { days }), days } : null;
}

export interface CalendarInput {
  /** The days to describe ('YYYY-MM-DD'), e.g. the visible month. */
  days: readonly string[];
  today: string;
  mode: DateMode;
  /** The days picked so far. */
  picked: readonly string[];
  product: Pick<Product, 'id' | 'prices'> | null;
  /** Server counts by day (GET …/availabilities/days); null when not loaded. */
  availability: ReadonlyMap<string, HalfCounts> | null;
  loading?: boolean;
  cart: readonly CartLine[];
  /** The shop's yearly season; all year when not given. */
  season?: SeasonWindow;
}

/**
 * Everything each day cell shows. Past and out-of-season days carry no availability and no price
 * (they cannot be picked); no product, no price.
 */
export function calendarCells(input: CalendarInput): CalendarCell[] {
  const { product } = input;
  const inCart = product ? cartCountOf(product.id, input.cart) : 0;
  return input.days.map((day) => {
    const block = dayBlock(day, input.today, input.season ?? ALL_YEAR);
    const past = block?.kind === 'past';
    const opensOn = block?.kind === 'outOfSeason' ? block.opensOn : null;
    if (block || !product) {
      const state = !block && input.loading ? 'loading' : 'unknown';
      return { day, past, opensOn, fit: null, state, soldOut: false, price: null, rentDays: 0 };
    }
    const fit = halvesThatFit(input.availability?.get(day), inCart);
    const state = dayState(fit, input.mode, input.loading);
    const price = priceIfPicked(product.prices, input.mode, input.picked, day);
    return { day, past, opensOn, fit, state, soldOut: isSoldOutState(state), price: price?.amount ?? null, rentDays: price?.days ?? 0 };
  });
}

export interface SelectionStatus {
  /** Units of the product the cart already holds (they move to these dates). */
  inCart: number;
  /** Units left for the whole selection after the cart; null when a day of it is not loaded. */
  count: number | null;
  /** Some known day of the selection has a needed half where the booking does not fit. */
  soldOut: boolean;
  /** Price of the product for the selection; null when none applies. */
  price: number | null;
}

/**
 * The chosen dates as a whole: units left = the smallest server count over every needed half-day
 * (the server's counts are per half-day, so this is the peak rule of `availableUnits`) minus what
 * the cart holds; sold out as soon as one known day cannot take the booking; the price for the
 * rent days. Season: price only (its days are not loaded).
 */
export function selectionStatus(input: Omit<CalendarInput, 'days' | 'today' | 'picked' | 'loading'> & { dates: readonly string[] }): SelectionStatus {
  const { product, mode } = input;
  const dates = normalizeDates(mode, input.dates);
  const days = rentDays(mode, dates);
  const inCart = product ? cartCountOf(product.id, input.cart) : 0;
  const price = product && (mode === DateModes.SEASONAL || days > 0) ? selectPrice(product.prices, mode, days) : undefined;
  const status: SelectionStatus = { inCart, count: null, soldOut: false, price: price ? productTotal(price, [], { days }) : null };
  if (!product || mode === DateModes.SEASONAL || days === 0) return status;
  let lowest: number | null = Number.POSITIVE_INFINITY;
  for (let day = dates[0]!, i = 0; i < days; day = addDays(day, 1), i++) {
    const server = input.availability?.get(day);
    if (!server) {
      lowest = null;
      continue;
    }
    const fit = halvesThatFit(server, inCart)!;
    if (neededHalves(mode).some((half) => !fit[half])) status.soldOut = true;
    if (lowest !== null) lowest = Math.min(lowest, ...neededHalves(mode).map((half) => server[half]));
  }
  status.count = status.soldOut ? 0 : lowest === null ? null : Math.max(0, lowest - inCart);
  return status;
}

/** Rows of a Monday-first month grid: null for the blanks before the 1st. `month` is YYYY-MM. */
export function monthDays(month: string): (string | null)[] {
  const first = `${month}-01`;
  const weekday = (new Date(`${first}T12:00:00Z`).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: weekday }, () => null);
  for (let day = first; day.startsWith(month); day = addDays(day, 1)) cells.push(day);
  return cells;
}

/** `month` (YYYY-MM) moved by `by` months. */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The days of `month` to ask availability for: from today (past days need none) to its end; null if all past. */
export function availabilitySpan(month: string, today: string): { from: string; to: string } | null {
  const days = monthDays(month).filter((d): d is string => d !== null);
  const from = days[0]! < today ? today : days[0]!;
  const to = days[days.length - 1]!;
  return from <= to ? { from, to } : null;
}

/** Server answer as a lookup by day. */
export function byDay(days: readonly DayAvailability[]): Map<string, HalfCounts> {
  return new Map(days.map((d) => [d.date, { morning: d.morning, afternoon: d.afternoon }]));
}
