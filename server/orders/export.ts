// A downloadable summary of one order (GET v1/orders/{code}/export), as CSV for spreadsheets.
import type { TFunction } from 'i18next';
import type { presentOrder } from './present';
import { csvRows } from '../../src/domain/csv';

type PresentedOrder = Awaited<ReturnType<typeof presentOrder>>;

export function exportOrderCsv(order: PresentedOrder, t: TFunction): string {
  const rows: unknown[][] = [
    [t('export.order'), order.number],
    [t('export.shop'), order.shop?.label],
    [t('export.customer'), `${order.first_name} ${order.last_name}`],
    [t('export.from'), order.date_from],
    [t('export.to'), order.date_to],
    [t('export.status'), order.status],
    [],
    [t('export.person'), t('export.product'), t('export.unitPrice'), t('export.total')],
    ...order.order_detail_pools.flatMap((pool) =>
      pool.order_details.map((d) => [pool.index + 1, d.product_label, d.unit_price.toFixed(2), d.total_price.toFixed(2)]),
    ),
    [],
    [t('export.discount'), order.discount.toFixed(2)],
    [t('export.taxable'), order.total_taxable.toFixed(2)],
    [t('export.tax'), order.total_tax.toFixed(2)],
    [t('export.grandTotal'), order.total_amount.toFixed(2)],
  ];
  return csvRows(rows);
}
