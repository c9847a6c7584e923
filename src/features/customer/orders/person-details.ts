import type { TFunction } from 'i18next';
import type { OrderResponse } from '~/api/contract/orders';
import { measuresText } from '~/domain/person-measures';

type PoolCustomer = OrderResponse['order_detail_pools'][number]['customer'];

/** "Luca Bianchi", or '' when the pool names nobody. */
export function personName(customer: PoolCustomer): string {
  return [customer?.first_name, customer?.last_name].filter(Boolean).join(' ');
}

/** The measures the shop fits the equipment to, as the cash desk shows them too (domain/person-measures.ts). */
export function personDetails(t: TFunction, customer: PoolCustomer): string {
  return measuresText(t, customer);
}
