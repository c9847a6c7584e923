// Counts a request against the order limits (limits.ts): new online orders per client address
// and per e-mail, confirmation e-mails per recipient. Apart from the rules because it reads the
// request (its address, who is calling), while the rules are plain data the API's wiring holds.
import type { AppContext } from '../http/context';
import { clientIp } from '../http/context';
import { log } from '../log';

const emailKey = (email: string) => `orders:email:${email.trim().toLowerCase()}`;

/**
 * Before a new online order is written: counts the attempt against the caller's address and checks
 * (without counting) its e-mail (429 past either). Kiosk orders are not counted: staff and
 * customers at the counter place them. The address counts attempts, so a flood of requests is
 * bounded whatever they end in; the e-mail counts placed orders only (`recordOrder`), so a
 * customer retrying through "sold out", or a stranger typing their e-mail into failing orders,
 * spends nothing of it. Both at once: one statement on PostgreSQL.
 */
export async function countOnlineOrder(c: AppContext, email: string): Promise<void> {
  if (c.get('auth')?.totem) return;
  const { limiter, orderLimits } = c.get('deps');
  const [address, mail] = await limiter.take(
    [{ key: `orders:address:${clientIp(c)}`, rule: orderLimits.perAddress }],
    [{ key: emailKey(email), rule: orderLimits.perEmail }],
  );
  // The address first: it bounds one machine even when every order carries a new e-mail.
  if (address) throw address;
  if (mail) throw mail;
}

/**
 * After an order was committed (placed, or `edited`): counts a new online order against its
 * e-mail (never refusing it now: orders placed at the same moment can pass the check together),
 * and one more confirmation to `email`. Answers whether that mail may go: past the recipient's
 * limit the order stands, only its e-mail is skipped. Both in one statement on PostgreSQL; a
 * database that fails here costs the counts, not the order, which is placed already.
 */
export async function recordOrder(c: AppContext, email: string, edited: boolean): Promise<boolean> {
  const { limiter, orderLimits } = c.get('deps');
  const counted = !edited && !c.get('auth')?.totem;
  try {
    const verdicts = await limiter.take([
      ...(counted ? [{ key: emailKey(email), rule: orderLimits.perEmail }] : []),
      { key: `mail:orders:${email.trim().toLowerCase()}`, rule: orderLimits.mailsPerRecipient },
    ]);
    return verdicts.at(-1) === null;
  } catch (err) {
    log().error({ err }, 'order limits not counted after the commit');
    return true;
  }
}
