// Online payment of an order by its customer: when it is offered, and what the customer is told
// when the payment provider brings them back (`?payment=<outcome>` on the order page).
import type { OrderResponse } from '../api/contract/orders';
import type { PaymentOutcome } from '../api/contract/payments';
import type { NoticeType } from './messages';

const OUTCOMES: readonly PaymentOutcome[] = ['paid', 'cancelled', 'failed', 'expired', 'refund'];

/**
 * Offered for a confirmed, unpaid order with something to pay — never on a kiosk, where the cash
 * desk takes the payment with its terminal.
 */
export function canPayOnline(order: Pick<OrderResponse, 'status' | 'paid' | 'total_amount'>, kiosk: boolean): boolean {
  return !kiosk && order.status === 'confirmed' && !order.paid && order.total_amount > 0;
}

/** The outcome the provider reported on the way back, if the query carries a known one. */
export function paymentOutcomeFrom(search: string): PaymentOutcome | null {
  const value = new URLSearchParams(search).get('payment');
  return OUTCOMES.find((o) => o === value) ?? null;
}

/** The query without `payment`, so a reload does not announce the outcome again. */
export function withoutPaymentOutcome(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('payment');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * What to tell the customer back from the provider. `paid` is only announced once the order says
 * so: a real provider may notify the API a moment after redirecting the customer, so the page
 * says it is confirming (`stillWaiting`) and, if no confirmation came in time, to reload later.
 */
export function paymentNotice(outcome: PaymentOutcome, orderPaid: boolean, stillWaiting = false): { key: string; level: NoticeType } {
  if (outcome === 'paid' && orderPaid) return { key: 'order.paymentPaid', level: 'success' };
  if (outcome === 'paid') return stillWaiting ? { key: 'order.paymentPending', level: 'info' } : { key: 'order.paymentUnconfirmed', level: 'warning' };
  if (outcome === 'cancelled') return { key: 'order.paymentCancelled', level: 'warning' };
  if (outcome === 'expired') return { key: 'order.paymentExpired', level: 'warning' };
  // Money was taken: never the "nothing was charged" of a refused card, whatever the order says now.
  if (outcome === 'refund') return { key: 'order.paymentRefund', level: 'warning' };
  return { key: 'order.paymentFailed', level: 'error' };
}

/**
 * How the order page re-reads an order whose payment is still being confirmed: often at first (the
 * provider's webhook usually lands within seconds), then every few seconds for up to two minutes
 * (Stripe retries a webhook that failed); then it says to reload later.
 */
export const PAYMENT_CONFIRM_POLL = { quickMs: 1500, quickReads: 8, slowMs: 5000, maxWaitMs: 120_000 } as const;

/** The wait before the next read once `reads` reads found the payment unconfirmed; null: stop waiting. */
export function confirmPollDelay(reads: number): number | null {
  const { quickMs, quickReads, slowMs, maxWaitMs } = PAYMENT_CONFIRM_POLL;
  const delay = (read: number) => (read < quickReads ? quickMs : slowMs);
  let waited = 0;
  for (let read = 1; read < reads; read++) waited += delay(read);
  return waited + delay(reads) <= maxWaitMs ? delay(reads) : null;
}

/** Hosts where plain http is fine: the demo's simulated provider on this machine. */
const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the storefront may send a customer to `paymentUrl`: https on one of the trusted provider
 * hosts (http only on loopback, for the demo). The customer types their card there, so an answer
 * that was tampered with, or a bug handing out another address, must not become a phishing hop.
 */
export function isTrustedPaymentUrl(paymentUrl: string, trustedHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(paymentUrl);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (!trustedHosts.includes(url.host) && !trustedHosts.includes(url.hostname)) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTNAMES.has(url.hostname));
}
