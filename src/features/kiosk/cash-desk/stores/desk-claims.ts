// Releasing another desk's payment claim: a claim holds the order against every other
// payment until its desk records or releases it, so a desk that is gone (switched off, broken, its
// page lost) would block the order at every desk for ever. Staff free it with this kiosk's
// configuration password, having been told that the gone desk's terminal may already have charged
// the card; the server checks the password and logs who released whose claim.
import { ApiClientError } from '~/api/client';
import { releaseClaimOf } from '~/api/cash-desk';
import type { OrderResponse } from '~/api/contract/orders';
import { notify } from '~/stores/notifications';
import { loadApi } from '~/stores/api-loader';

export type ReleaseOutcome =
  | { status: 'released'; order: OrderResponse }
  /** A wrong password: its message, shown under the field. */
  | { status: 'wrong-password'; message: string }
  /** Refused otherwise (another desk holds the order now, too many tries): the API's message. */
  | { status: 'refused'; message: string };

/**
 * Releases the claim desk `totem` holds on `order` (the desk staff were asked about, and no other).
 * Resolves with the order as it is now once released (or when no claim was left): a payment may
 * start again. No answer at all rejects (the API client already said so).
 */
export async function releaseDeskClaim(order: Pick<OrderResponse, 'id'>, totem: string, password: string): Promise<ReleaseOutcome> {
  try {
    const released = await releaseClaimOf(await loadApi(), order.id, { password, totem });
    notify({ key: 'kiosk.pay.released', params: { totem } }, 'success');
    return { status: 'released', order: released };
  } catch (err) {
    if (!(err instanceof ApiClientError)) throw err;
    const wrong = err.status === 422 ? err.errors.password?.[0] : undefined;
    return wrong ? { status: 'wrong-password', message: wrong } : { status: 'refused', message: err.message };
  }
}
