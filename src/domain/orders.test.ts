import { describe, expect, it } from 'vitest';
import { OrderSchema } from '../api/contract/orders';
import {
  buildOrderEditFormData,
  buildOrderFormData,
  cartLineOfError,
  cartProductPriceIds,
  extraSpecificProducts,
  orderDetailPools,
  type OrderFormInput,
} from './orders';

const photo = new Blob(['jpeg bytes'], { type: 'image/jpeg' });

const input: OrderFormInput = {
  multipleDates: 3,
  dates: ['2026-12-28', '2026-12-24'],
  invoice: true,
  first_name: 'Mario',
  last_name: 'Rossi',
  phone: '+39 333 1234567',
  email: 'mario@example.it',
  fiscal_code: 'RSSMRA80A01H501U',
  fidelityCardNumber: null,
  coupons: [
    { code: 'WINTER', amount: 5, blocked: false },
    { code: 'REFUSED', amount: 9, blocked: true },
    { code: 'FRIEND', amount: 3, blocked: false },
  ],
  products: [
    {
      id_price: 11,
      related: [
        { id: 70, id_price: 701, used: true },
        { id: 71, id_price: 711, used: false },
        { id: 72, id_price: 721, used: true },
      ],
      customer: { first_name: 'Luca', last_name: 'Rossi', height: 172, weight: 64.5, shoe_size: 42, level: null },
    },
    { id_price: 12, related: [] },
  ],
  medias: [
    { id: 5, stored: true, deleted: true },
    { id: 6, stored: true, deleted: false },
    { id: 0, stored: false, deleted: false, file: photo },
  ],
};

const entries = (form: FormData) =>
  [...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : 'Blob']);

describe('buildOrderFormData', () => {
  it('produces exactly the spec fields in bracket notation', () => {
    expect(entries(buildOrderFormData(input))).toEqual([
      ['from', '2026-12-24'], // reversed range swapped
      ['to', '2026-12-28'],
      ['morning', '0'],
      ['afternoon', '0'],
      ['season', '0'],
      ['invoice', '1'],
      ['first_name', 'Mario'],
      ['last_name', 'Rossi'],
      ['phone', '+39 333 1234567'],
      ['email', 'mario@example.it'],
      ['fiscal_code', 'RSSMRA80A01H501U'],
      ['fidelity_card_number', ''],
      ['coupon_codes[0]', 'WINTER'], // the blocked coupon is not sent
      ['coupon_codes[1]', 'FRIEND'],
      ['cart[0][prices][0]', '11'], // main price first
      ['cart[0][prices][1]', '701'], // then used add-on prices
      ['cart[0][prices][2]', '721'],
      ['cart[0][customer][first_name]', 'Luca'],
      ['cart[0][customer][last_name]', 'Rossi'],
      ['cart[0][customer][height]', '172'],
      ['cart[0][customer][weight]', '64.5'],
      ['cart[0][customer][shoe_size]', '42'],
      ['cart[0][customer][level]', ''],
      ['cart[1][prices][0]', '12'],
      ['medias[0][id]', '5'],
      ['medias[0][stored]', '1'],
      ['medias[0][deleted]', '1'],
      ['medias[1][id]', '6'],
      ['medias[1][stored]', '1'],
      ['medias[1][deleted]', '0'],
      ['medias[2][id]', '0'],
      ['medias[2][stored]', '0'],
      ['medias[2][deleted]', '0'],
      ['medias[2][file]', 'Blob'],
    ]);
  });

  it('attaches the file blob itself', async () => {
    const file = buildOrderFormData(input).get('medias[2][file]');
    expect(file).toBeInstanceOf(Blob);
    expect(await (file as Blob).text()).toBe('jpeg bytes');
  });

  it.each([
    [0, ['2026-12-24'], { from: '2026-12-24', to: '2026-12-24', morning: '1', afternoon: '0', season: '0' }],
    [1, ['2026-12-24'], { from: '2026-12-24', to: '2026-12-24', morning: '0', afternoon: '1', season: '0' }],
    [2, ['2026-12-24'], { from: '2026-12-24', to: '2026-12-24', morning: '0', afternoon: '0', season: '0' }],
    [20, [], { from: '', to: '', morning: '0', afternoon: '0', season: '1' }],
  ] as const)('mode %s sends to = from for a single date and the right flags', (mode, dates, expected) => {
    const form = buildOrderFormData({ ...input, multipleDates: mode, dates: [...dates] });
    const actual = Object.fromEntries(['from', 'to', 'morning', 'afternoon', 'season'].map((k) => [k, form.get(k)]));
    expect(actual).toEqual(expected);
  });

  it('sends invoice 0, null fields as empty, a fidelity card, and no optional blocks when absent', () => {
    const form = buildOrderFormData({
      ...input,
      invoice: false,
      phone: null,
      email: undefined,
      fidelityCardNumber: 'FC-1',
      coupons: [],
      medias: [{ id: 0, stored: false, deleted: false, file: null }],
    });
    expect(form.get('invoice')).toBe('0');
    expect(form.get('phone')).toBe('');
    expect(form.get('email')).toBe('');
    expect(form.get('fidelity_card_number')).toBe('FC-1');
    expect(form.has('coupon_codes[0]')).toBe(false);
    expect(form.has('cart[1][customer][first_name]')).toBe(false);
    expect(form.has('medias[0][file]')).toBe(false);
    expect(form.has('edit_order_code')).toBe(false);
    expect(form.has('_method')).toBe(false);
  });

  it('adds edit_order_code when editing', () => {
    const form = buildOrderFormData({ ...input, orderCodeToReplace: 'ORD-42' });
    expect(form.get('edit_order_code')).toBe('ORD-42');
  });
});

describe('buildOrderEditFormData', () => {
  it('is the same form plus _method=PATCH', () => {
    const edit = { ...input, orderCodeToReplace: 'ORD-42' };
    const plain = entries(buildOrderFormData(edit));
    expect(entries(buildOrderEditFormData(edit))).toEqual([...plain, ['_method', 'PATCH']]);
  });
});

describe('cartProductPriceIds', () => {
  it('lists the main price then used add-on prices', () => {
    expect(cartProductPriceIds(input.products[0])).toEqual([11, 701, 721]);
    expect(cartProductPriceIds(input.products[1])).toEqual([12]);
  });
});

const order = OrderSchema.parse({
  number: 'A-1',
  date_from: '2026-12-24 09:00:00',
  date_to: '2026-12-28 18:00:00',
  total_amount: 90,
  original_total_amount: 100,
  total_tax: 16.23,
  total_taxable: 73.77,
  order_detail_pools: [{ order_details: [] }, { index: 7, order_details: [] }, { index: null }, { index: 0 }],
  delivery: {
    delivery_details: [
      { id: 1, id_order_detail: 10, forced: false, used: true, managed: true, price: 20 },
      {
        id: 2,
        id_order_detail: null,
        forced: true,
        datetime_delivery: '2026-12-24 09:10:00',
        datetime_return: '2026-12-28 17:40:00',
        used: true,
        managed: false,
        price: 15.5,
        delivery_detail_specific_product: {
          specific_product: { id: 300, product_model: 'Rossignol Hero', internal_code: 'SKI-300' },
        },
      },
      { id: 3, id_order_detail: null, used: false, managed: false },
    ],
  },
});

describe('orderDetailPools', () => {
  it('indexes pools by position when they have no index', () => {
    expect(orderDetailPools(order).map((p) => p.index)).toEqual([0, 7, 2, 0]);
  });
});

describe('extraSpecificProducts', () => {
  it('turns delivery details without an order line into extra specific products', () => {
    expect(extraSpecificProducts(order)).toEqual([
      {
        id: 300,
        product_model: 'Rossignol Hero',
        internal_code: 'SKI-300',
        delivery: {
          id: 2,
          date: '2026-12-24 09:10:00',
          date_return: '2026-12-28 17:40:00',
          forced: true,
          deleted: false,
          add: false,
        },
        pickup_date: '2026-12-28 17:40:00',
        used: true,
        managed: false,
        price: 15.5,
      },
      {
        delivery: { id: 3, date: null, date_return: null, forced: false, deleted: false, add: false },
        pickup_date: null,
        used: false,
        managed: false,
        price: null,
      },
    ]);
  });

  it('is empty without a delivery', () => {
    expect(extraSpecificProducts({ delivery: null })).toEqual([]);
    expect(extraSpecificProducts({})).toEqual([]);
  });
});

describe('cartLineOfError', () => {
  it.each([
    ['cart.2.customer.level', { line: 2, customerField: 'level' }],
    ['cart.0.prices', { line: 0, customerField: null }],
    ['cart.11', { line: 11, customerField: null }],
    ['cart.1.customer.nonsense', { line: 1, customerField: null }],
    ['email', null],
    ['cartx.1', null],
    ['medias.0.file', null],
  ])('%s → %j', (field, expected) => {
    expect(cartLineOfError(field)).toEqual(expected);
  });
});
