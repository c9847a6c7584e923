// What an order costs, line by line, as the confirmation e-mail and the voucher print it: each
// item and add-on at its list price, then every discount (the fidelity card, each coupon) as a
// negative line, so that the lines add up to the order's total to the cent. Counted in whole
// cents: euros as floats drift (0.1 + 0.2), and a printed sum that is a cent off reads as an error.

/** An order as the breakdown reads it: the API's order answer has these fields. */
export interface BreakdownOrder {
  order_detail_pools: readonly {
    index: number;
    customer?: { first_name?: string | null; last_name?: string | null } | null;
    order_details: readonly {
      product_label: string;
      size?: string | null;
      is_add_on?: boolean;
      total_price: number;
      original_total_price?: number | null;
    }[];
  }[];
  coupons?: readonly { code: string; amount: number }[];
  fidelity_card_number?: string | null;
  total_amount: number;
}

export type BreakdownLine =
  /** An item or add-on, at its list price; `person` is the pool's name, or null for an unnamed one (`index` tells which). */
  | { kind: 'item' | 'addOn'; label: string; size: string | null; person: string | null; index: number; cents: number }
  /** What the fidelity card took off every line, together (negative). */
  | { kind: 'fidelity'; card: string | null; cents: number }
  /** What one coupon took off (negative): never more than was left to pay. */
  | { kind: 'coupon'; code: string; cents: number }
  /** A difference no line explains (an order priced by other rules): kept so the sum stays true. */
  | { kind: 'adjustment'; cents: number };

interface Breakdown {
  lines: BreakdownLine[];
  /** The order's total in cents: exactly the sum of `lines`. */
  totalCents: number;
}

const toCents = (euros: number): number => Math.round(euros * 100);

/** Cents as euros, for the formatters (two decimals, exact). */
export const fromCents = (cents: number): number => cents / 100;

export function orderBreakdown(order: BreakdownOrder): Breakdown {
  const lines: BreakdownLine[] = [];
  let listCents = 0;
  let chargedCents = 0;
  for (const pool of order.order_detail_pools) {
    const name = [pool.customer?.first_name, pool.customer?.last_name].filter(Boolean).join(' ') || null;
    for (const detail of pool.order_details) {
      const charged = toCents(detail.total_price);
      const list = Math.max(charged, toCents(detail.original_total_price ?? detail.total_price));
      listCents += list;
      chargedCents += charged;
      lines.push({
        kind: detail.is_add_on ? 'addOn' : 'item',
        label: detail.product_label,
        size: detail.size ?? null,
        person: name,
        index: pool.index,
        cents: list,
      });
    }
  }
  const totalCents = toCents(order.total_amount);
  if (listCents > chargedCents) lines.push({ kind: 'fidelity', card: order.fidelity_card_number ?? null, cents: chargedCents - listCents });
  // Coupons come off what the card left, in the order they were given, each at most what is still
  // to be taken off (a total never goes below zero, so a coupon may be worth less than its face).
  let toTakeOff = chargedCents - totalCents;
  for (const coupon of order.coupons ?? []) {
    const cents = Math.min(toCents(coupon.amount), Math.max(0, toTakeOff));
    toTakeOff -= cents;
    lines.push({ kind: 'coupon', code: coupon.code, cents: cents === 0 ? 0 : -cents });
  }
  if (toTakeOff !== 0) lines.push({ kind: 'adjustment', cents: -toTakeOff });
  return { lines, totalCents };
}
