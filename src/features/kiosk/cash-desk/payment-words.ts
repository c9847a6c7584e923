// How the cash desk says what an order was paid with: "contanti 50,00 €", a split "contanti
// 50,00 € e carta sul POS 12,40 €" (kiosk.methods.with.*, joined by kiosk.methods.and).
import type { TFunction } from 'i18next';
import type { OrderPayment } from '~/api/contract/order-payments';
import type { PaymentRule } from '~/domain/desk-methods';
import { formatCurrency } from '~/domain/format';

export function paymentsWords(t: TFunction, payments: readonly Pick<OrderPayment, 'method' | 'amount'>[], total: number): string {
  const parts = payments.map((p) => t(`kiosk.methods.with.${p.method}`, { amount: formatCurrency(p.amount) }));
  if (parts.length === 0) return formatCurrency(total);
  return parts.reduce((first, second) => t('kiosk.methods.and', { first, second }));
}

/** The desk's words for a payment rule the form or the count breaks. */
export const ruleWords = (rule: PaymentRule): string => `kiosk.methods.errors.${rule}`;
