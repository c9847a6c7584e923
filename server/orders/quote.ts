// Prices an order from the server's own catalogue: the client sends only price ids, never amounts.
// Every rule comes from src/domain, the same code the storefront runs.
import type { DateMode } from '~/domain/dates';
import { areDatesValid, DateModes, dayToDisplay, isPastDay, rentDays, todayInRome } from '~/domain/dates';
import { dateModeOf } from '~/domain/booking-params';
import { firstDayOutOfSeason, nextOpening } from '~/domain/season';
import { bookingPeriod, type BookingPeriod } from '~/domain/availability';
import { offeredAddOns, selectPrice } from '~/domain/pricing';
import { splitVat, priceTotal } from '~/domain/charges';
import { cartTotal } from '~/domain/cart';
import { roundMoney, sumMoney } from '~/domain/money';
import type { Price } from '~/api/contract/catalogue';
import type { CustomerInput, OrderFormInput } from '~/api/contract/order-form';
import { CUSTOMER_FIELDS } from '~/domain/orders';
import { requiresCustomerInfo } from '~/domain/catalogue';
import { ApiError, fieldError, type FieldErrors } from '../http/errors';
import type { CatalogueProduct, CatalogueShop } from '../catalogue/cache';
import { localized, pricesFor } from '../catalogue/present';
import { seasonWindow, shopSeason } from '../catalogue/season';
import type { Locale } from '~/i18n/index';

export interface QuotedLine {
  productId: number;
  priceId: number;
  isAddOn: boolean;
  label: string;
  /** The size booked (the main line of an item of a product with sizes), null for any. */
  size: string | null;
  unitPrice: number;
  totalPrice: number;
  originalTotalPrice: number;
}

export interface QuotedPool {
  index: number;
  customer: CustomerInput | null;
  lines: QuotedLine[];
}

export interface Quote {
  mode: DateMode;
  dates: string[];
  period: BookingPeriod;
  days: number;
  pools: QuotedPool[];
  couponCodes: string[];
  total: number;
  originalTotal: number;
  discount: number;
  totalTax: number;
  totalTaxable: number;
}

export interface CouponRow {
  code: string;
  amount: number;
  blocked: boolean;
}

function findMainProduct(shop: CatalogueShop, priceId: number): CatalogueProduct | undefined {
  return shop.products.find((p) => p.prices.some((price) => price.id === priceId && price.mainPrice));
}

/** Every booked day falls inside the shop's season; 422 on the form's date field otherwise. */
function assertInSeason(shop: CatalogueShop, period: BookingPeriod): void {
  const window = seasonWindow(shop);
  const closed = firstDayOutOfSeason(period.from, period.to, window);
  if (closed !== null) {
    throw fieldError('from', 'api.outOfSeason', { date: dayToDisplay(closed), opens: dayToDisplay(nextOpening(closed, window)) });
  }
}

export function quoteOrder(options: {
  shop: CatalogueShop;
  form: OrderFormInput;
  fidelity: boolean;
  coupons: Map<string, CouponRow>;
  now: Date;
  locale: Locale;
  allowPast?: boolean;
}): Quote {
  const { shop, form, fidelity, coupons, now, locale } = options;
  const chosen = dateModeOf(form);
  if (!chosen || !areDatesValid(chosen.mode, chosen.dates)) throw fieldError('from', 'validators.required');
  const { mode, dates } = chosen;
  // A season price covers the shop's season running today, or the next one (server/catalogue/season.ts).
  const season = shopSeason(shop, todayInRome(now));
  const period = bookingPeriod(mode, dates, season)!;
  if (!options.allowPast && isPastDay(mode === DateModes.SEASONAL ? season.to : period.from, now)) {
    throw fieldError('from', 'api.pastDates');
  }
  assertInSeason(shop, period);
  const days = mode === DateModes.SEASONAL ? 1 : rentDays(mode, dates);
  const ctx = { mode, dates, fidelity };
  const errors: FieldErrors = {};
  const pools: QuotedPool[] = [];

  form.cart.forEach((entry, i) => {
    const [mainId, ...addOnIds] = entry.prices;
    const product = findMainProduct(shop, mainId!);
    if (!product) {
      errors[`cart.${i}.prices`] = [{ key: 'api.priceInvalid' }];
      return;
    }
    const label = localized(product.row.label, locale);
    const productPrices = pricesFor(product.prices, ctx);
    const selected = selectPrice(productPrices, mode, days);
    if (!selected || selected.id !== mainId) {
      errors[`cart.${i}.prices`] = [{ key: 'api.priceNotForDates', params: { product: label } }];
      return;
    }
    const related = product.related.flatMap((r) =>
      pricesFor(r.prices, ctx).map((price) => ({ price, recommended: r.link.recommended, product: r.product })),
    );
    const offered = offeredAddOns(related, selected.id);
    const addOns: { price: Price; product: (typeof related)[number]['product'] }[] = [];
    for (const id of addOnIds) {
      const addOn = offered.find((r) => r.price.id === id);
      if (!addOn || addOns.some((a) => a.price.id === id)) {
        errors[`cart.${i}.prices`] = [{ key: 'api.addOnInvalid' }];
        return;
      }
      addOns.push(addOn);
    }
    if (requiresCustomerInfo(product.categoryIds, shop.categories)) {
      for (const field of CUSTOMER_FIELDS) {
        if (!entry.customer?.[field]) errors[`cart.${i}.customer.${field}`] = [{ key: 'validators.required' }];
      }
    }
    // Whether the size is free for the dates is checked where it cannot go stale (stock-check.ts).
    const size = entry.size ?? null;
    if (size !== null && !product.sizes.some((s) => s.size === size)) {
      errors[`cart.${i}.size`] = [{ key: 'api.sizeUnknown', params: { product: label, size } }];
    }
    const line = (productId: number, price: Price, isAddOn: boolean, text: string): QuotedLine => ({
      productId,
      priceId: price.id,
      isAddOn,
      label: text,
      size: isAddOn ? null : size,
      unitPrice: price.amount,
      totalPrice: priceTotal(price, days),
      originalTotalPrice: priceTotal(price, days, true),
    });
    pools.push({
      index: i,
      customer: entry.customer && Object.values(entry.customer).some(Boolean) ? entry.customer : null,
      lines: [
        line(product.row.id, selected, false, label),
        ...addOns.map((a) => line(a.product.id, a.price, true, localized(a.product.label, locale))),
      ],
    });
  });

  const couponRows: CouponRow[] = [];
  form.coupon_codes.forEach((code, i) => {
    const coupon = coupons.get(code.toUpperCase());
    if (!coupon) errors[`coupon_codes.${i}`] = [{ key: 'api.couponInvalid', params: { code } }];
    else if (coupon.blocked) errors[`coupon_codes.${i}`] = [{ key: 'api.couponBlocked', params: { code } }];
    else if (!couponRows.some((c) => c.code === coupon.code)) couponRows.push(coupon);
  });
  if (Object.keys(errors).length > 0) throw new ApiError(422, 'api.invalidData', {}, errors);

  const lineTotals = pools.map((p) => sumMoney(p.lines.map((l) => l.totalPrice)));
  const total = cartTotal(lineTotals, couponRows);
  const originalTotal = sumMoney(pools.flatMap((p) => p.lines.map((l) => l.originalTotalPrice)));
  const vat = splitVat(total);
  return {
    mode,
    dates,
    period,
    days,
    pools,
    couponCodes: couponRows.map((c) => c.code),
    total,
    originalTotal,
    discount: roundMoney(Math.max(0, originalTotal - total)),
    totalTax: vat.total_tax,
    totalTaxable: vat.total_taxable,
  };
}
