import type { TFunction } from 'i18next';
import type { OrderResponse } from '../../../api/contract/orders';

type PoolCustomer = OrderResponse['order_detail_pools'][number]['customer'];

/** "Luca Bianchi", or '' when the pool names nobody. */
export function personName(customer: PoolCustomer): string {
  return [customer?.first_name, customer?.last_name].filter(Boolean).join(' ');
}

const MEASURES = ['height', 'weight', 'shoe_size'] as const;

/**
 * The measures the shop fits the equipment to, read as a person says them: "Altezza 180 cm · Peso 75 kg ·
 * Scarpe 42 · Intermedio" — the unit after the number, not in a form label's brackets.
 */
export function personDetails(t: TFunction, customer: PoolCustomer): string {
  if (!customer) return '';
  const parts: string[] = MEASURES.filter((field) => customer[field]).map((field) => t(`order.measures.${field}`, { value: customer[field] }));
  if (customer.level) parts.push(t(`booking.customer.levels.${customer.level}`, { defaultValue: customer.level }));
  return parts.join(' · ');
}
