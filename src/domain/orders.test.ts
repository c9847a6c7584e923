import { describe, expect, it } from 'vitest';
import { DateModes } from './dates';
import {
  buildOrderEditFormData,
  buildOrderFormData,
  cartLineOfError,
  cartProductPriceIds,
  confirmationPath,
  confirmedOrderId,
  orderIdFromPath,
  type OrderFormInput,
} from './orders';

const photo = new Blob(['jpeg bytes'], { type: 'image/jpeg' });

const input: OrderFormInput = {
  multipleDates: DateModes.RANGE,
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
    [DateModes.MORNING, ['2026-12-24'], { from: '2026-12-24', to: '2026-12-24', morning: '1', afternoon: '0', season: '0' }],
    [DateModes.AFTERNOON, ['2026-12-24'], { from: '2026-12-24', to: '2026-12-24', morning: '0', afternoon: '1', season: '0' }],
    [DateModes.SINGLE, ['2026-12-24'], { from: '2026-12-24', to: '2026-12-24', morning: '0', afternoon: '0', season: '0' }],
    [DateModes.SEASONAL, [], { from: '', to: '', morning: '0', afternoon: '0', season: '1' }],
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

  it('adds the referral last when there is one, and none that the API would refuse as too long', () => {
    expect(entries(buildOrderFormData({ ...input, ref: 'HOTEL42' })).at(-1)).toEqual(['ref', 'HOTEL42']);
    expect(buildOrderFormData({ ...input, ref: null }).has('ref')).toBe(false);
    expect(buildOrderFormData({ ...input, ref: 'H'.repeat(64) }).get('ref')).toBe('H'.repeat(64));
    expect(buildOrderFormData({ ...input, ref: 'H'.repeat(65) }).has('ref')).toBe(false);
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

describe('orderIdFromPath', () => {
  const UUID = '0b5c7a1e-1111-4222-8333-444455556666';

  it("reads the order's uuid from its page's address, with or without the locale and a final slash", () => {
    expect(orderIdFromPath(`/orders/${UUID}`)).toBe(UUID);
    expect(orderIdFromPath(`/en/orders/${UUID}/`)).toBe(UUID);
  });

  it('finds none on the static shell itself, on the orders list or on another page', () => {
    expect(orderIdFromPath('/orders/view')).toBeNull();
    expect(orderIdFromPath('/fr/orders/view/')).toBeNull();
    expect(orderIdFromPath('/orders/')).toBeNull();
    expect(orderIdFromPath(`/orders/${UUID}/export`)).toBeNull();
    expect(orderIdFromPath('/account')).toBeNull();
    expect(orderIdFromPath('/orders/confirmed/')).toBeNull();
    expect(orderIdFromPath('/en/orders/confirmed')).toBeNull();
  });
});

describe("an order's confirmation address", () => {
  const UUID = '0b5c7a1e-1111-4222-8333-444455556666';

  it('names the order in its query, and reads it back', () => {
    expect(confirmationPath(UUID)).toBe(`/orders/confirmed/?order=${UUID}`);
    expect(confirmedOrderId(new URL(confirmationPath(UUID), 'http://x').search)).toBe(UUID);
    expect(confirmedOrderId(`?ref=HOTEL42&order=${UUID}`)).toBe(UUID);
  });

  it('reads none from a query without an order', () => {
    expect(confirmedOrderId('')).toBeNull();
    expect(confirmedOrderId('?order=')).toBeNull();
    expect(confirmedOrderId('?order=%20')).toBeNull();
  });
});

describe('orderIdFromPath reads only the order page itself', () => {
  it('the orders segment is the first after the locale prefix, if any', () => {
    expect(orderIdFromPath('/fr/orders/abc')).toBe('abc');
    expect(orderIdFromPath('/noleggi/orders/abc')).toBeNull();
    expect(orderIdFromPath('/english/orders/abc')).toBeNull();
    expect(orderIdFromPath('/it/orders/abc')).toBeNull();
  });
});
