// The order's voucher PDF: its link on the order page and the confirmation, and the /download
// page's download (the e-mail's link, `?order={uuid}`): the PDF is fetched first, so a wrong or
// dead link says so on the page instead of opening an error, then handed to the browser as a
// file (the page clicks the link this store's state gives it). Tested in
// tests/unit/features/customer/orders/voucher-store.test.ts.
import { atom } from 'nanostores';
import { ApiClientError } from '~/api/client';
import { fetchVoucher, voucherUrl } from '~/api/vouchers';
import { voucherRefFromSearch } from '~/domain/order-code';
import { api } from '~/stores/api';

export type VoucherDownload =
  | { state: 'loading' }
  /** No order in the address: the page was opened without the e-mail's link. */
  | { state: 'missing' }
  /** No order answers the link (a mistyped or foreign address). */
  | { state: 'invalid' }
  /** The order was cancelled (410): the link is right, but there is no voucher to show any more. */
  | { state: 'cancelled' }
  /** No answer (offline, the server down): worth trying again. */
  | { state: 'failed' }
  /** The PDF, as an object URL the page hands to the browser, and its file name. */
  | { state: 'ready'; url: string; fileName: string };

export const $voucherDownload = atom<VoucherDownload>({ state: 'loading' });

/** The voucher of the order behind `search` (the page's `location.search`). */
export async function downloadVoucher(search: string, doFetch?: typeof fetch): Promise<VoucherDownload> {
  const previous = $voucherDownload.get();
  if (previous.state === 'ready') URL.revokeObjectURL(previous.url);
  const found = voucherRefFromSearch(search);
  let next: VoucherDownload;
  if ('missing' in found) next = { state: 'missing' };
  else if ('invalid' in found) next = { state: 'invalid' };
  else {
    $voucherDownload.set({ state: 'loading' });
    try {
      const file = await fetchVoucher(api, found.ref, doFetch);
      next = { state: 'ready', url: URL.createObjectURL(file.pdf), fileName: file.fileName };
    } catch (err) {
      // 410: a cancelled order. 404 (no such order) and 403 (a public kiosk's browser): this link
      // opens nothing here.
      if (!(err instanceof ApiClientError) || err.status >= 500) next = { state: 'failed' };
      else next = err.status === 410 ? { state: 'cancelled' } : { state: 'invalid' };
    }
  }
  $voucherDownload.set(next);
  return next;
}

/** Where an order's voucher downloads from: its uuid, so the link works for a guest too. */
export function voucherLink(uuid: string): string {
  return voucherUrl(api, uuid);
}
