// An order's voucher PDF (GET v1/orders/{ref}/voucher.pdf; the uuid is the order's link, so a guest
// needs no token). A binary answer: fetched here as a Blob rather than through the client's JSON
// request, with the same errors (ApiClientError with the server's message, NetworkError).
import { ApiClientError, NetworkError, type ApiClient } from './client';

const voucherPath = (ref: string) => `v1/orders/${encodeURIComponent(ref)}/voucher.pdf`;

/** Where the voucher downloads from (a link: the browser fetches it with the order's uuid). */
export function voucherUrl(api: ApiClient, ref: string): string {
  return api.urlFor(voucherPath(ref)).href;
}

export interface VoucherFile {
  pdf: Blob;
  /** The server's name for it (`voucher-{number}.pdf`). */
  fileName: string;
}

export async function fetchVoucher(api: ApiClient, ref: string, doFetch: typeof fetch = fetch): Promise<VoucherFile> {
  let response: Response;
  try {
    response = await doFetch(voucherUrl(api, ref), { headers: { Accept: 'application/pdf' } });
  } catch (err) {
    throw new NetworkError((err as Error).message);
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new ApiClientError(response.status, typeof payload?.message === 'string' ? payload.message : '');
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  return { pdf: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'voucher.pdf' };
}
