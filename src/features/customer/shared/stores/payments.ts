// Paying an order online, kept out of the PayButton island: open a
// payment session and say where the customer goes, or why they stay.
import { startPayment, UntrustedPaymentUrlError } from '~/api/payments';
import { ApiClientError } from '~/api/client';
import { api } from '~/stores/api';

export type PaymentStart =
  /** Send the customer to the provider's page. */
  | { kind: 'redirect'; url: string }
  /** The answer named a page outside the trusted hosts: nobody is sent there. */
  | { kind: 'unavailable' }
  /**
   * 404, 410 (paid meanwhile, cancelled) and 422, which the client leaves to the caller: the
   * server's message, and the order should be read again.
   */
  | { kind: 'refused'; message: string }
  /** No answer, or a failure the client has already announced. */
  | { kind: 'failed' };

const REFUSED_STATUSES: ReadonlySet<number> = new Set([404, 410, 422]);

/** Opens a payment session for the order; the provider brings the customer back to `returnPath`. */
export async function payForOrder(orderUuid: string, returnPath: string, pageHref: string): Promise<PaymentStart> {
  try {
    return { kind: 'redirect', url: await startPayment(api, orderUuid, returnPath, pageHref) };
  } catch (err) {
    if (err instanceof UntrustedPaymentUrlError) {
      // Worth a trace for whoever looks at the console: the API answered a page it should not.
      console.error(err);
      return { kind: 'unavailable' };
    }
    if (err instanceof ApiClientError && REFUSED_STATUSES.has(err.status)) return { kind: 'refused', message: err.message };
    return { kind: 'failed' };
  }
}
