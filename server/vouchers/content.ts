// What the voucher says, apart from how it is drawn (server/vouchers/pdf.ts): the order number
// once (its code is drawn beside it), the shop with its address and opening hours, the dates and
// the time slot (none for a range of whole days: the dates say it), who each item is for, what it
// costs line by line with every discount (server/orders/breakdown-text.ts), whether it is paid or
// what is left to pay, and what to bring. Pure, so the unit test reads it
// (tests/unit/server/vouchers/content.test.ts).
import type { TFunction } from 'i18next';
import type { OrderResponse } from '~/api/contract/orders';
import { dayToDisplay, toRomeDay } from '~/domain/dates';
import { formatCurrency } from '~/domain/format';
import type { BreakdownOrder } from '~/domain/order-breakdown';
import { orderSlot } from '~/domain/order-slot';
import { breakdownText, type BreakdownRow } from '../orders/breakdown-text';

/** The shop as the voucher shows it. */
export interface VoucherShop {
  label: string;
  address: string;
  postalCode: string | null;
  city: string;
  phone: string;
  /** Opening hours in the order's language, null when unknown (server/vouchers/shop-hours.ts). */
  hours: string | null;
}

export interface VoucherContent {
  title: string;
  /** "Order number", the number itself under it. */
  heading: string;
  /** What the code encodes is the order number (src/domain/order-code.ts). */
  number: string;
  codeHelp: string;
  shop: { heading: string; lines: string[] };
  hours: { heading: string; text: string } | null;
  dates: { heading: string; text: string };
  /** Null for a range of whole days. */
  slot: { heading: string; text: string } | null;
  costs: { heading: string; rows: BreakdownRow[]; total: BreakdownRow };
  /** "Paid on 20/12/2026" or "To pay at the shop: 197,00 €". */
  payment: { heading: string; text: string };
  people: { heading: string; list: { name: string; items: string[] }[] };
  bring: { heading: string; list: string[] };
}

type Pool = OrderResponse['order_detail_pools'][number];

/** What the voucher reads of an order as the API answers it. */
export type VoucherOrder = Pick<OrderResponse, 'number' | 'date_from' | 'date_to' | 'multipleDates' | 'morning' | 'afternoon' | 'season' | 'paid' | 'paid_at'> &
  Omit<BreakdownOrder, 'order_detail_pools'> & {
    order_detail_pools: (Pick<Pool, 'index' | 'customer'> & { order_details: BreakdownOrder['order_detail_pools'][number]['order_details'] })[];
  };

/** A line as the order page shows it: its product, and its size when one was booked ("Mountain bike · Size L"). */
function itemLabel(detail: { product_label: string; size?: string | null }, t: TFunction): string {
  return detail.size ? `${detail.product_label} · ${t('order.lineSize', { size: detail.size })}` : detail.product_label;
}

function payment(order: VoucherOrder, t: TFunction): string {
  if (order.paid) return order.paid_at ? t('breakdown.paid', { date: dayToDisplay(toRomeDay(new Date(order.paid_at))) }) : t('order.paid');
  return t('breakdown.due', { amount: formatCurrency(order.total_amount) });
}

export function voucherContent(order: VoucherOrder, shop: VoucherShop, t: TFunction): VoucherContent {
  const from = dayToDisplay(order.date_from.slice(0, 10));
  const to = dayToDisplay(order.date_to.slice(0, 10));
  const place = [shop.postalCode, shop.city].filter(Boolean).join(' ');
  const slot = orderSlot(order);
  const costs = breakdownText(order, t);
  return {
    title: t('voucher.title'),
    heading: t('voucher.numberLabel'),
    number: order.number,
    codeHelp: t('voucher.codeHelp'),
    shop: { heading: t('voucher.shop'), lines: [shop.label, shop.address, place, shop.phone].filter(Boolean) },
    hours: shop.hours ? { heading: t('voucher.hours'), text: shop.hours } : null,
    dates: { heading: t('voucher.dates'), text: from === to ? from : t('voucher.range', { from, to }) },
    slot: slot === 'day' && from !== to ? null : { heading: t('voucher.slot'), text: t(`voucher.slots.${slot}`) },
    costs: { heading: t('breakdown.heading'), ...costs },
    payment: { heading: t('breakdown.status'), text: payment(order, t) },
    people: {
      heading: t('voucher.people'),
      list: order.order_detail_pools.map((pool) => ({
        name: [pool.customer?.first_name, pool.customer?.last_name].filter(Boolean).join(' ') || t('voucher.person', { n: pool.index + 1 }),
        items: pool.order_details.map((d) => itemLabel(d, t)),
      })),
    },
    bring: { heading: t('voucher.bring'), list: [t('voucher.bringDocuments'), t('voucher.bringVoucher')] },
  };
}
