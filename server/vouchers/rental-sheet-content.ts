// What the rental sheet says (the one page the workshop prepares the equipment from and the
// customer signs at the counter), apart from how it is drawn (./rental-sheet-pdf.ts): the shop, the
// customer and how to reach them, the dates, each person with their measures and, per item, the
// unit handed out (its internal code and when) or the size chosen, the costs line by line as the
// e-mail and the voucher print them (server/orders/breakdown-text.ts), the payment, the rental
// terms in short with their version and link, and the signature line. Pure, for the unit test.
import type { TFunction } from 'i18next';
import type { OrderResponse } from '~/api/contract/orders';
import { dayToDisplay, toRomeDay } from '~/domain/dates';
import { formatCurrency } from '~/domain/format';
import { orderSlot } from '~/domain/order-slot';
import { measuresText } from '~/domain/person-measures';
import { breakdownText, type BreakdownRow } from '../orders/breakdown-text';
import type { VoucherShop } from './content';

export interface RentalSheetPerson {
  name: string;
  /** "Altezza 180 cm · Peso 75 kg · Scarpe 43 EU · Intermedio", or what says none were given. */
  measures: string;
  /** One line per item: "Kit sci Base · unità S06-SCI-BASE-01, consegnata il 12/01/2027". */
  items: string[];
}

export interface RentalSheetContent {
  title: string;
  /** "Ordine 26-0000123". */
  number: string;
  shop: { heading: string; lines: string[] };
  customer: { heading: string; lines: string[] };
  dates: { heading: string; text: string };
  people: { heading: string; list: RentalSheetPerson[] };
  costs: { heading: string; rows: BreakdownRow[]; total: BreakdownRow };
  payment: { heading: string; text: string };
  terms: { heading: string; text: string; version: string };
  signature: { text: string; date: string; sign: string };
}

/** What the sheet reads of an order as the API answers it. */
export type RentalSheetOrder = Pick<
  OrderResponse,
  | 'number'
  | 'date_from'
  | 'date_to'
  | 'multipleDates'
  | 'morning'
  | 'afternoon'
  | 'season'
  | 'paid'
  | 'paid_at'
  | 'first_name'
  | 'last_name'
  | 'phone'
  | 'email'
  | 'order_detail_pools'
  | 'delivery'
  | 'coupons'
  | 'fidelity_card_number'
  | 'total_amount'
>;

const day = (iso: string) => dayToDisplay(toRomeDay(new Date(iso)));

function itemLine(detail: OrderResponse['order_detail_pools'][number]['order_details'][number], order: RentalSheetOrder, t: TFunction): string {
  const label = detail.is_add_on ? t('breakdown.addOn', { label: detail.product_label }) : detail.product_label;
  // The unit linked to this line, the latest hand-out first (a unit changed at the counter).
  const handOut = (order.delivery?.delivery_details ?? [])
    .filter((d) => d.id_order_detail === detail.id && d.delivery_detail_specific_product && !d.datetime_return)
    .at(-1);
  const unit = handOut?.delivery_detail_specific_product?.specific_product.internal_code;
  if (unit) {
    const at = handOut.datetime_delivery ? t('rentalSheet.unitOut', { code: unit, date: day(handOut.datetime_delivery) }) : t('rentalSheet.unit', { code: unit });
    return `${label} · ${at}`;
  }
  return detail.size ? `${label} · ${t('order.lineSize', { size: detail.size })}` : label;
}

function payment(order: RentalSheetOrder, t: TFunction): string {
  if (order.paid) return order.paid_at ? t('breakdown.paid', { date: day(order.paid_at) }) : t('order.paid');
  return t('breakdown.due', { amount: formatCurrency(order.total_amount) });
}

export function rentalSheetContent(order: RentalSheetOrder, shop: VoucherShop, terms: { version: string; url: string }, t: TFunction): RentalSheetContent {
  const from = dayToDisplay(order.date_from.slice(0, 10));
  const to = dayToDisplay(order.date_to.slice(0, 10));
  const slot = orderSlot(order);
  const range = from === to ? from : t('voucher.range', { from, to });
  const when = slot === 'day' && from !== to ? range : `${range} · ${t(`voucher.slots.${slot}`)}`;
  return {
    title: t('rentalSheet.title'),
    number: t('rentalSheet.number', { number: order.number }),
    shop: { heading: t('voucher.shop'), lines: [shop.label, shop.address, [shop.postalCode, shop.city].filter(Boolean).join(' '), shop.phone].filter(Boolean) },
    customer: { heading: t('rentalSheet.customer'), lines: [`${order.first_name} ${order.last_name}`.trim(), order.phone, order.email].filter(Boolean) },
    dates: { heading: t('voucher.dates'), text: when },
    people: {
      heading: t('rentalSheet.people'),
      list: order.order_detail_pools.map((pool) => ({
        name: [pool.customer?.first_name, pool.customer?.last_name].filter(Boolean).join(' ') || t('voucher.person', { n: pool.index + 1 }),
        measures: measuresText(t, pool.customer) || t('rentalSheet.noMeasures'),
        items: pool.order_details.map((d) => itemLine(d, order, t)),
      })),
    },
    costs: { heading: t('breakdown.heading'), ...breakdownText(order, t) },
    payment: { heading: t('breakdown.status'), text: payment(order, t) },
    terms: { heading: t('rentalSheet.termsHeading'), text: t('rentalSheet.termsText'), version: t('rentalSheet.termsVersion', terms) },
    signature: { text: t('rentalSheet.signatureText'), date: t('rentalSheet.signatureDate'), sign: t('rentalSheet.signatureSign') },
  };
}
