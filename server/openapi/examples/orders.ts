// Example order as the API answers it: two people on snowshoes and a city bike with a helmet,
// 12–13 December 2026, unpaid (tests/support/order-response.ts gives it to the browser's unit tests).
import type * as z from 'zod/mini';
import type { OrderResponseSchema } from '~/api/contract/orders';
import type { OrderFormSchema } from '~/api/contract/order-form';
import { DateModes } from '~/domain/dates';

const VAT = 1.22;
const line = (id: number, product_id: number, price_id: number, label: string, price: number, is_add_on = false) => ({
  id,
  product_id,
  price_id,
  is_add_on,
  product_label: label,
  unit_price: price,
  total_price: price,
  original_total_price: price,
  total_tax: Math.round((price - price / VAT) * 100) / 100,
  total_taxable: Math.round((price / VAT) * 100) / 100,
});

export const ORDER_UUID = '0b9a3c1e-5f4d-4c3b-9a2e-1d0c9b8a7f6e';

export const ORDER: z.input<typeof OrderResponseSchema> = {
  id: 41,
  uuid: ORDER_UUID,
  number: 'R-2026-000041',
  status: 'confirmed',
  paid: false,
  paid_at: null,
  editable: true,
  shop: { id: 6, slug: 'bardonecchia-sport-rent', label: 'Bardonecchia Sport Rent' },
  multipleDates: DateModes.RANGE,
  morning: false,
  afternoon: false,
  season: false,
  days: 2,
  date_from: '2026-12-12',
  date_to: '2026-12-13',
  first_name: 'Anna',
  last_name: 'Verdi',
  phone: '+39 333 1234567',
  email: 'anna.verdi@example.com',
  invoice: false,
  fiscal_code: null,
  fidelity_card_number: null,
  coupon_codes: [],
  discount: 0,
  total_amount: 62,
  original_total_amount: 62,
  total_tax: 11.18,
  total_taxable: 50.82,
  created_at: '2026-12-01T10:00:00.000Z',
  totem_code: null,
  document_missing: false,
  queued_at: null,
  order_detail_pools: [
    {
      id: 301,
      index: 0,
      customer: { first_name: 'Luca', last_name: 'Verdi', height: '180', weight: '72', shoe_size: '42.5', level: 'intermedio' },
      order_details: [line(501, 11, 111, 'Ciaspole', 24)],
    },
    { id: 302, index: 1, customer: null, order_details: [line(502, 12, 121, 'City bike', 30), line(503, 90, 901, 'Casco', 8, true)] },
  ],
  medias: [
    { id: 77, url: '/api/v1/media/77', name: 'carta-identita.jpg', mime: 'image/jpeg', size: 182_344, front: true, stored: true, deleted: false },
  ],
  delivery: { delivery_details: [] },
};

/** The order form as the API reads it from its bracket-notation fields (`cart[0][prices][0]=111`). */
export const ORDER_FORM: z.input<typeof OrderFormSchema> = {
  from: '2026-12-12',
  to: '2026-12-13',
  morning: '0',
  afternoon: '0',
  season: '0',
  invoice: '0',
  first_name: 'Anna',
  last_name: 'Verdi',
  phone: '+39 333 1234567',
  email: 'anna.verdi@example.com',
  coupon_codes: [],
  cart: [
    { prices: ['111'], customer: { first_name: 'Luca', last_name: 'Verdi', height: '180', weight: '72', shoe_size: '42.5', level: 'intermedio' } },
    { prices: ['121', '901'] },
  ],
  medias: [],
};
