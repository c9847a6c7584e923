// Sizes of a product whose units differ by size (boots, bikes, helmets): how many units each size
// has, how many of them are free for a period, whether an order line's size can be booked, and what
// the booking still offers. The API's availability and order check and the booking's size step
// take the rule from here; whether a scanned unit fits a sized line is src/domain/delivery.ts
// unitFitsSize (so the counter's screens load none of this).
import { availableUnits, type BookingPeriod } from './availability';

export interface SizeUnits {
  size: string;
  units: number;
}

export interface SizeAvailability extends SizeUnits {
  /** Units of this size free for the whole asked period. */
  available: number;
}

/** Units per size, sizes in the order they first appear; a unit without a size counts for none. */
export function countSizes(units: readonly { size: string | null }[]): SizeUnits[] {
  const counts = new Map<string, number>();
  for (const { size } of units) if (size) counts.set(size, (counts.get(size) ?? 0) + 1);
  return [...counts].map(([size, n]) => ({ size, units: n }));
}

/**
 * Free units of each size for `period`: the size's units minus the peak of the periods holding
 * one of them (`held`), and never more than the product has free altogether: a line booked
 * without a size (a kiosk order, an order older than sizes) holds a unit of whichever size.
 */
export function sizesAvailable(
  sizes: readonly SizeUnits[],
  held: (size: string) => readonly BookingPeriod[],
  period: BookingPeriod,
  productFree: number,
): SizeAvailability[] {
  return sizes.map(({ size, units }) => ({ size, units, available: Math.min(productFree, availableUnits(units, held(size), period)) }));
}

/**
 * Why an order line's size cannot be booked: a size the product does not have, or fewer units of
 * it free than the order wants. A product without sizes takes no size; one with sizes may be
 * booked without one (any size, the counter chooses).
 */
export function sizeRefusal(sizes: readonly SizeAvailability[], size: string | null | undefined, wanted = 1): 'unknown' | 'soldOut' | null {
  if (!size) return null;
  const found = sizes.find((s) => s.size === size);
  if (!found) return 'unknown';
  return found.available < wanted ? 'soldOut' : null;
}

/**
 * The sizes the booking still offers: what the server has free of each, less the items of the
 * product the cart already holds in that size, and never more than the product has left once the
 * cart's items of it (of any size) are taken off.
 */
export function sizesLeft(
  sizes: readonly SizeAvailability[],
  productId: number,
  productFree: number,
  cart: readonly { id: number; size?: string | null }[],
): SizeAvailability[] {
  const inCart = cart.filter((item) => item.id === productId);
  const productLeft = Math.max(0, productFree - inCart.length);
  return sizes.map((s) => ({ ...s, available: Math.max(0, Math.min(productLeft, s.available - inCart.filter((item) => item.size === s.size).length)) }));
}
