// A downloadable summary of one order (GET v1/orders/{code}/export), as CSV for spreadsheets. It is
// read by people, in the request's language: the status in words, each person by name, amounts with
// the decimal comma an Italian or French spreadsheet expects (the separator is ';', so a comma never
// splits a cell).
import type { TFunction } from 'i18next';
import type { Locale } from '~/domain/locales';
import type { presentOrder } from './present';
import { csvRows } from '~/domain/csv';

type PresentedOrder = Awaited<ReturnType<typeof presentOrder>>;

export function exportOrderCsv(order: PresentedOrder, t: TFunction, locale: Locale): string {
  const amount = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
  const money = (value: number) => amount.format(value);
  const rows: unknown[][] = [
    [t('export.order'), order.number],
    [t('export.shop'), order.shop?.label],
    [t('export.customer'), `${order.first_name} ${order.last_name}`],
    [t('export.from'), order.date_from],
    [t('export.to'), order.date_to],
    [t('export.status'), t(`order.statuses.${order.status}`)],
    // Which terms the customer accepted and when (empty for a kiosk's order: signed at the counter).
    [t('export.terms'), order.terms_version ?? '', order.terms_accepted_at ?? ''],
    [],
    [t('export.person'), t('export.product'), t('export.unitPrice'), t('export.total')],
    ...order.order_detail_pools.flatMap((pool) => {
      const name = [pool.customer?.first_name, pool.customer?.last_name].filter(Boolean).join(' ');
      const person = name || t('order.person', { n: pool.index + 1 });
      return pool.order_details.map((d) => [person, d.product_label, money(d.unit_price), money(d.total_price)]);
    }),
    [],
    [t('export.discount'), money(order.discount)],
    [t('export.taxable'), money(order.total_taxable)],
    [t('export.tax'), money(order.total_tax)],
    [t('export.grandTotal'), money(order.total_amount)],
  ];
  return csvRows(rows);
}
