// An order's voucher PDF, in the language the order was placed in (orders.locale): what the route
// answers (server/routes/vouchers.ts) for the holder of the order's link or its owner.
import type { AppDeps } from '../http/context';
import type { OrderRow } from '../orders/write';
import { presentOrder } from '../orders/present';
import { translator } from '../http/locale';
import { toLocale } from '~/i18n/index';
import { orderCodePng } from './code';
import { voucherContent, type VoucherShop } from './content';
import { renderVoucherPdf } from './pdf';
import { shopHours } from './shop-hours';

export async function orderVoucherPdf(deps: Pick<AppDeps, 'database' | 'catalogue' | 'now'>, row: OrderRow): Promise<Buffer> {
  const locale = toLocale(row.locale);
  const order = await presentOrder(deps.database.db, deps.catalogue, row, deps.now());
  const found = deps.catalogue.shopById(row.shopId)?.row;
  const shop: VoucherShop = found
    ? {
        label: found.label,
        address: found.address,
        postalCode: found.postalCode,
        city: found.city,
        phone: found.phone,
        hours: shopHours(found.slug, locale),
      }
    : { label: '', address: '', postalCode: null, city: '', phone: '', hours: null };
  return renderVoucherPdf(voucherContent(order, shop, translator(locale)), await orderCodePng(order));
}
