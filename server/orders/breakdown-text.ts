// The order's breakdown (src/domain/order-breakdown.ts) as text in the order's language: one label
// and one signed amount a line, the same in the confirmation e-mail and on the voucher.
import type { TFunction } from 'i18next';
import { formatCurrency } from '~/domain/format';
import { fromCents, orderBreakdown, type BreakdownLine, type BreakdownOrder } from '~/domain/order-breakdown';

export interface BreakdownRow {
  label: string;
  /** "122,00 €", "-10,00 €". */
  amount: string;
}

export interface BreakdownText {
  rows: BreakdownRow[];
  /** The total's label and amount. */
  total: BreakdownRow;
}

function lineLabel(line: BreakdownLine, t: TFunction, several: boolean): string {
  switch (line.kind) {
    case 'item':
    case 'addOn': {
      const product = line.size ? t('breakdown.size', { label: line.label, size: line.size }) : line.label;
      const person = line.person ?? (several ? t('order.person', { n: line.index + 1 }) : null);
      const label = person ? t('breakdown.person', { label: product, person }) : product;
      return line.kind === 'addOn' ? t('breakdown.addOn', { label }) : label;
    }
    case 'fidelity':
      return line.card ? t('breakdown.fidelity', { card: line.card }) : t('breakdown.fidelityNoCard');
    case 'coupon':
      return t('breakdown.coupon', { code: line.code });
    case 'adjustment':
      return t('breakdown.adjustment');
  }
}

export function breakdownText(order: BreakdownOrder, t: TFunction): BreakdownText {
  const { lines, totalCents } = orderBreakdown(order);
  const several = order.order_detail_pools.length > 1;
  return {
    rows: lines.map((line) => ({ label: lineLabel(line, t, several), amount: formatCurrency(fromCents(line.cents)) })),
    total: { label: t('breakdown.total'), amount: formatCurrency(fromCents(totalCents)) },
  };
}
