// Counts a request against the order limits (limits.ts): new online orders per client address
// and per e-mail, confirmation e-mails per recipient. Apart from the rules because it reads the
// request (its address, who is calling), while the rules are plain data the API's wiring holds.
import type { AppContext } from '../http/context';
import { clientIp } from '../http/context';
import { ApiError } from '../http/errors';

const emailKey = (email: string) => `orders:email:${email.trim().toLowerCase()}`;

/**
 * Before a new online order is written: counts the attempt against the caller's address and checks
 * (without counting) its e-mail (429 past either). Kiosk orders are not counted: staff and
 * customers at the counter place them. The address counts attempts, so a flood of requests is
 * bounded whatever they end in; the e-mail counts placed orders only (`recordOnlineOrder`), so a
 * customer retrying through "sold out", or a stranger typing their e-mail into failing orders,
 * spends nothing of it.
 */
export async function countOnlineOrder(c: AppContext, email: string): Promise<void> {
  if (c.get('auth')?.totem) return;
  const { limiter, orderLimits } = c.get('deps');
  // The address first: it bounds one machine even when every order carries a new e-mail.
  await limiter.hit(`orders:address:${clientIp(c)}`, orderLimits.perAddress);
  await limiter.check(emailKey(email), orderLimits.perEmail);
}

/** After a new online order was committed: counts it against its e-mail (never refuses it now). */
export async function recordOnlineOrder(c: AppContext, email: string): Promise<void> {
  if (c.get('auth')?.totem) return;
  const { limiter, orderLimits } = c.get('deps');
  try {
    await limiter.hit(emailKey(email), orderLimits.perEmail);
  } catch (err) {
    // Orders placed at the same moment can pass the check together; this one is placed already.
    if (!(err instanceof ApiError && err.status === 429)) throw err;
  }
}

/** Whether one more confirmation may go to `email`; past the limit the order stands, the mail is skipped. */
export async function mayMail(c: AppContext, email: string): Promise<boolean> {
  try {
    await c.get('deps').limiter.hit(`mail:orders:${email.trim().toLowerCase()}`, c.get('deps').orderLimits.mailsPerRecipient);
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 429) return false;
    throw err;
  }
}
