// The customer's way back from a provider's page to the storefront, with the outcome for the order
// page to announce (`?payment=<outcome>`): the simulator redirects there, Stripe's Checkout is given it.
import type { PaymentOutcome } from '~/api/contract/payments';
import { isSafeRedirect } from '~/domain/redirects';

/** The way back to the storefront, with the outcome for the order page to announce. */
export function returnUrl(returnPath: string, outcome: PaymentOutcome): string {
  // Checked again (it was when the session opened) and kept as it is: a URL parser would resolve
  // encoded dot segments and could turn a path into a protocol-relative `//host` link.
  const safe = isSafeRedirect(returnPath) ? returnPath : '/';
  const match = /^([^?#]*)(?:\?([^#]*))?(#.*)?$/.exec(safe)!;
  const query = new URLSearchParams(match[2] ?? '');
  query.set('payment', outcome);
  return `${match[1]}?${query.toString()}${match[3] ?? ''}`;
}
