// An order's PDF (the voucher, the rental sheet) as an API answer, one way for both.
import type { Context } from 'hono';
import type { AppEnv } from '../http/context';
import { ApiError } from '../http/errors';
import type { OrderRow } from '../orders/write';

/**
 * A cancelled order's PDF is 410: a voucher or sheet would still look valid at a counter. Otherwise
 * the PDF, shown in place (`inline`) or downloaded (`attachment`) under its file name; it names the
 * customers, so no shared cache ever keeps it.
 */
export async function orderPdfAnswer(
  c: Context<AppEnv>,
  order: OrderRow,
  disposition: { kind: 'inline' | 'attachment'; filename: string },
  pdf: () => Promise<Buffer>,
): Promise<Response> {
  if (order.status === 'cancelled') throw new ApiError(410, 'api.orderCancelled');
  return c.body(new Uint8Array(await pdf()), 200, {
    'content-type': 'application/pdf',
    'content-disposition': `${disposition.kind}; filename="${disposition.filename}"`,
    'cache-control': 'private, no-store',
  });
}
