// An order's rental sheet (the page the workshop prepares from and the customer signs at the
// counter): GET v1/orders/{ref}/rental_sheet.pdf. Staff only, as the order at the cash desk and the
// delivery counter: an admin kiosk of the order's shop (a public kiosk 403, no kiosk token 401 or
// 403, another shop's order 404). It names the customer and their measures: never cached.
import { Hono } from 'hono';
import type { AppEnv } from '~server/http/context';
import { requireTotem, shopOrder, TotemLevel } from '~server/staff/permissions';
import { orderRentalSheetPdf } from '~server/vouchers/rental-sheet';
import { orderPdfAnswer } from '~server/vouchers/answer';

export const rentalSheetRoutes = new Hono<AppEnv>().get('/v1/orders/:id/rental_sheet.pdf', async (c) => {
  const totem = requireTotem(c, TotemLevel.ADMIN);
  const order = await shopOrder(c, totem, c.req.param('id'));
  return orderPdfAnswer(c, order, { kind: 'inline', filename: `scheda-${order.number}.pdf` }, () => orderRentalSheetPdf(c.get('deps'), order));
});
