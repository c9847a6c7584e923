// An order's rental sheet PDF, in the shop's language (src/domain/shop-locale.ts): what the staff
// route answers (server/routes/staff/rental-sheet.ts) to the shop's admin kiosks.
import type { AppDeps } from '../http/context';
import type { OrderRow } from '../orders/write';
import { presentOrder } from '../orders/present';
import { OrderResponseSchema } from '~/api/contract/orders';
import { translator } from '../http/locale';
import { localizePath } from '~/i18n/index';
import { shopLocale } from '~/domain/shop-locale';
import { TERMS_PATH, TERMS_VERSION } from '~/domain/terms';
import type { VoucherShop } from './content';
import { rentalSheetContent } from './rental-sheet-content';
import { renderRentalSheetPdf } from './rental-sheet-pdf';

export async function orderRentalSheetPdf(deps: Pick<AppDeps, 'database' | 'catalogue' | 'now' | 'siteUrl'>, row: OrderRow): Promise<Buffer> {
  const found = deps.catalogue.shopById(row.shopId)?.row;
  const locale = shopLocale(found?.country);
  // Parsed as a kiosk reads it: the answer's defaults filled in (an empty delivery, no coupons).
  const order = OrderResponseSchema.parse(await presentOrder(deps.database.db, deps.catalogue, row, deps.now()));
  const shop: VoucherShop = found
    ? { label: found.label, address: found.address, postalCode: found.postalCode, city: found.city, phone: found.phone, hours: null }
    : { label: '', address: '', postalCode: null, city: '', phone: '', hours: null };
  const terms = { version: TERMS_VERSION, url: `${deps.siteUrl}${localizePath(locale, TERMS_PATH)}` };
  return renderRentalSheetPdf(rentalSheetContent(order, shop, terms, translator(locale)));
}
