// An order's voucher (the PDF the customer shows at the counter): GET v1/orders/{ref}/voucher.pdf.
// The same guard as GET v1/orders/{ref} (server/orders/access.ts): the order's uuid is the link's
// capability (the e-mail and the /download page use it), its id or number open it for its
// logged-in owner and the admin kiosks of its shop; anyone else gets 404, a public kiosk 403.
// A cancelled order's voucher is 410: it would still look valid at a counter.
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { accessibleOrder } from '../orders/access';
import { orderVoucherPdf } from '../vouchers/voucher';
import { orderPdfAnswer } from '../vouchers/answer';

export const voucherRoutes = new Hono<AppEnv>().get('/v1/orders/:code/voucher.pdf', async (c) => {
  const order = await accessibleOrder(c, c.req.param('code'));
  // After the access check: a cancelled order of someone else is as unknown as any other.
  return orderPdfAnswer(c, order, { kind: 'attachment', filename: `voucher-${order.number}.pdf` }, () => orderVoucherPdf(c.get('deps'), order));
});
