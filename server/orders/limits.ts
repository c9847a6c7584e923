// Free stock holding: an order holds stock until it is cancelled or picked up, and
// placing one online costs nothing. So online order creation (guests and customers alike: an
// account costs nothing either; kiosks are the shop's own) is limited per e-mail and per client
// address, one order holds at most MAX_UNITS_PER_PRODUCT units of a product, and confirmation
// e-mails are limited per recipient (the shop must not become a way to flood someone's inbox).
// The environment may change the limits (server/config.ts; server/README.md, "Abuse"); tests and benchmarks set their own.
// This module holds the rules; counting a request against them is rate-limits.ts.
import { MAX_UNITS_PER_PRODUCT } from '~/domain/cart';
import { ApiError, type FieldErrors } from '../http/errors';
import type { RateLimitRule } from '../http/rate-limit';
import type { Quote } from './quote';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface OrderLimits {
  /** Online orders per e-mail address. */
  perEmail: RateLimitRule;
  /** Online orders per client address (IPv4, or IPv6 /64: see server/http/client-address.ts). */
  perAddress: RateLimitRule;
  /** Order confirmation e-mails (new and edited orders, kiosk orders included) per recipient. */
  mailsPerRecipient: RateLimitRule;
}

/**
 * 10 orders a day per e-mail: a family booking each member or each day separately stays far
 * below it. 30 an hour per address: a mobile carrier puts many customers behind one address
 * (at a ski resort in the morning, dozens of them), yet one machine cannot hold a shop's stock with
 * a few hundred orders a day. 10 confirmations a day per recipient: every order a family may place,
 * while a stranger's address cannot be flooded with edits of one order.
 */
export const DEFAULT_ORDER_LIMITS: OrderLimits = {
  perEmail: { limit: 10, windowMs: DAY_MS },
  perAddress: { limit: 30, windowMs: HOUR_MS },
  mailsPerRecipient: { limit: 10, windowMs: DAY_MS },
};

/** 422 on the first line that takes a product past MAX_UNITS_PER_PRODUCT (main item or used add-on). */
export function assertUnitsPerProduct(quote: Pick<Quote, 'pools'>): void {
  const counts = new Map<number, number>();
  const errors: FieldErrors = {};
  for (const pool of quote.pools) {
    for (const line of pool.lines) {
      const count = (counts.get(line.productId) ?? 0) + 1;
      counts.set(line.productId, count);
      if (count === MAX_UNITS_PER_PRODUCT + 1) {
        errors[`cart.${pool.index}.prices`] ??= [{ key: 'api.unitsPerOrder', params: { max: MAX_UNITS_PER_PRODUCT, product: line.label } }];
      }
    }
  }
  if (Object.keys(errors).length > 0) throw new ApiError(422, 'api.invalidData', {}, errors);
}
