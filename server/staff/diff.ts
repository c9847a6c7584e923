// What an early or late return changes in the price of an order line, by the same
// domain rules as the booking: selectPrice picks the price of the date mode and day tier, priceTotal
// charges it for the days (day prices per day, half-day and season prices flat). The booked side is
// priced for the booked days, the actual side for the days from the booked start to the return day;
// diff = actual − booked (negative: money back). A fidelity discount on the line applies to both.
import type { Price } from '~/api/contract/catalogue';
import type { PriceDiffSchema } from '~/api/contract/delivery';
import type { z } from 'zod';

/** A price difference as the API answers it (the contract's input side). */
type PriceDiff = z.input<typeof PriceDiffSchema>;
import { priceTotal, withFidelityDiscount } from '~/domain/charges';
import { DateModes, daysBetween, type DateMode } from '~/domain/dates';
import { roundMoney } from '~/domain/money';
import { selectPrice } from '~/domain/pricing';
import type { CatalogueCache, PriceRow } from '../catalogue/cache';
import { localized, toPrice } from '../catalogue/present';
import type { orderDetails } from '../db/schema/index';
import { fieldError } from '../http/errors';
import type { OrderRow } from '../orders/write';
import type { Locale } from '~/i18n/index';

type LineRow = typeof orderDetails.$inferSelect;
/** The amount for a date mode and a number of rent days (0 when no price applies). */
type Charge = (mode: DateMode, days: number) => number;

function chargeFrom(pick: (mode: DateMode, days: number) => Price | undefined): Charge {
  return (mode, days) => {
    const price = pick(mode, days);
    return price ? priceTotal(price, days) : 0;
  };
}

const asPrices = (rows: readonly PriceRow[], fidelity: boolean) =>
  rows.map((row) => (fidelity ? withFidelityDiscount(toPrice(row)) : toPrice(row)));

/** How a line is charged: its product's prices, or for an add-on the price linked to the main one. */
export function lineCharge(catalogue: CatalogueCache, order: OrderRow, line: LineRow, mainLine: LineRow | undefined): Charge {
  const shop = catalogue.shopById(order.shopId);
  const fidelity = line.totalPrice < line.originalTotalPrice;
  const main = shop?.productsById.get(line.isAddOn ? (mainLine?.productId ?? -1) : line.productId);
  if (!main) return () => 0;
  const mainPrices = asPrices(main.prices, fidelity);
  if (!line.isAddOn) return chargeFrom((mode, days) => selectPrice(mainPrices, mode, days));
  const addOnPrices = asPrices(main.related.find((r) => r.product.id === line.productId)?.prices ?? [], fidelity);
  return chargeFrom((mode, days) => {
    const mainPrice = selectPrice(mainPrices, mode, days);
    return mainPrice ? addOnPrices.find((p) => p.id_main_price === mainPrice.id) : undefined;
  });
}

/** How a unit handed out outside the lines is charged: its product's own price list. */
export function unitCharge(catalogue: CatalogueCache, productId: number, locale: Locale): { label: string; charge: Charge } {
  const entry = catalogue.product(productId);
  if (!entry) return { label: '', charge: () => 0 };
  const own = entry.shop.productsById.get(productId)?.prices;
  // An add-on's prices are one per main price, same tiers and amounts: any of them will do.
  const rows = own ?? entry.shop.products.flatMap((p) => p.related.filter((r) => r.product.id === productId).flatMap((r) => r.prices));
  const list = asPrices(rows, false).map((p) => ({ ...p, main_price: true }));
  return { label: localized(entry.product.label, locale), charge: chargeFrom((mode, days) => selectPrice(list, mode, days)) };
}

/** Mode of a rental of `days` days that started like the booking did. */
function actualMode(booked: DateMode, days: number): DateMode {
  if (days > 1) return 3;
  return booked === 0 || booked === 1 ? booked : 2;
}

interface DiffInput {
  order: OrderRow;
  charge: Charge;
  label: string;
  to: string;
  lineId: number | null;
  deliveryDetailId: number | null;
  status: PriceDiff['status'];
}

/** Booked days against the days up to `to` for a line of the order. */
export function lineDiff({ order, charge, label, to, lineId, deliveryDetailId, status }: DiffInput): PriceDiff {
  const booked = { from: order.dateFrom, to: order.dateTo, days: order.days, amount: charge(order.mode as DateMode, order.days) };
  let actual: PriceDiff['actual'];
  if (order.mode === DateModes.SEASONAL) {
    // A season price covers the season; days beyond it are a rental of their own.
    const extra = Math.max(0, daysBetween(order.dateTo, to));
    const amount = extra > 0 ? roundMoney(booked.amount + charge(extra > 1 ? 3 : 2, extra)) : booked.amount;
    actual = { from: order.dateFrom, to: extra > 0 ? to : order.dateTo, days: booked.days + extra, amount };
  } else {
    const days = daysBetween(order.dateFrom, to) + 1;
    if (days < 1) throw fieldError('to', 'validators.dateOrder');
    const amount = to === order.dateTo ? booked.amount : charge(actualMode(order.mode as DateMode, days), days);
    actual = { from: order.dateFrom, to, days, amount };
  }
  return {
    id_order_detail: lineId,
    delivery_detail_id: deliveryDetailId,
    product_label: label,
    status,
    booked,
    actual,
    diff: roundMoney(actual.amount - booked.amount),
  };
}

/** A unit out as an extra: nothing was booked, the days from its delivery day to `to` are charged. */
export function extraDiff(input: { from: string; to: string; charge: Charge; label: string; deliveryDetailId: number; status: PriceDiff['status'] }): PriceDiff {
  const days = daysBetween(input.from, input.to) + 1;
  if (days < 1) throw fieldError('to', 'validators.dateOrder');
  const amount = input.charge(days > 1 ? 3 : 2, days);
  return {
    id_order_detail: null,
    delivery_detail_id: input.deliveryDetailId,
    product_label: input.label,
    status: input.status,
    booked: { from: input.from, to: input.from, days: 0, amount: 0 },
    actual: { from: input.from, to: input.to, days, amount },
    diff: amount,
  };
}
