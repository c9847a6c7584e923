import { describe, expect, it } from 'vitest';
import { DateModes } from './dates';
import { CartProductSchema, CartStateSchema } from '../api/contract/cart';
import { sendableCouponCodes } from './cart';
import { buildOrderEditFormData } from './orders';
import { orderResponse } from '~tests/support/order-response';
import { editCheckoutPath, editStartPath, orderEditCart } from './order-edit';

describe('orderEditCart (an order back in the cart, spec §4 edit-order mode)', () => {
  it('one cart line per pool: main item, add-ons used, the person, the dates and their day count', () => {
    const edit = orderEditCart(orderResponse())!;
    expect(edit.shop.slug).toBe('bardonecchia-sport-rent');
    expect(edit.mode).toBe(DateModes.RANGE);
    expect(edit.dates).toEqual(['2026-12-12', '2026-12-13']);
    expect(edit.path).toBe('/prenota/bardonecchia-sport-rent/calendar');
    expect(edit.contact).toEqual({
      first_name: 'Anna',
      last_name: 'Verdi',
      phone: '+39 333 1234567',
      email: 'anna.verdi@example.com',
      fiscal_code: null,
      fidelityCardNumber: null,
    });
    // The fidelity card and the invoice's fiscal code carry over: an edit keeps the card's discount.
    const carded = orderEditCart(orderResponse({ fidelity_card_number: 'FID-0001', fiscal_code: 'VRDNNA80A41L219X' }))!;
    expect(carded.contact).toMatchObject({ fidelityCardNumber: 'FID-0001', fiscal_code: 'VRDNNA80A41L219X' });
    expect(edit.products).toEqual([
      {
        id: 11,
        id_shop: 6,
        id_price: 111,
        related: [],
        customer: { first_name: 'Luca', last_name: 'Verdi', height: 180, weight: 72, shoe_size: 42.5, level: 'intermedio' },
        multipleDates: DateModes.RANGE,
        dates: ['2026-12-12', '2026-12-13'],
        days: 2,
      },
      { id: 12, id_shop: 6, id_price: 121, related: [{ id: 90, id_price: 901, used: true }], customer: undefined, multipleDates: DateModes.RANGE, dates: ['2026-12-12', '2026-12-13'], days: 2 },
    ]);
  });

  it('the coupons and the documents the order holds go back with it, sent again by the edit', () => {
    const order = orderResponse({
      coupon_codes: ['WELCOME10', 'GONE'],
      coupons: [
        { code: 'WELCOME10', amount: 10 },
        { code: 'GONE', amount: 0 },
      ],
      medias: [
        { id: 77, url: '/api/v1/media/77?order=x', name: 'ci.png', mime: 'image/png', size: 10, front: true, stored: true, deleted: false },
        { id: 78, url: '/api/v1/media/78?order=x', name: 'ci-retro.png', mime: 'image/png', size: 10, front: false, stored: true, deleted: false },
      ],
    });
    const edit = orderEditCart(order)!;
    // None marked refused: the server checks them again, and says which one no longer applies.
    expect(edit.coupons).toEqual([
      { code: 'WELCOME10', amount: 10, blocked: false },
      { code: 'GONE', amount: 0, blocked: false },
    ]);
    expect(sendableCouponCodes(edit.coupons)).toEqual(['WELCOME10', 'GONE']);
    expect(edit.medias.map((m) => [m.id, m.stored, m.deleted, m.front])).toEqual([
      [77, true, false, true],
      [78, true, false, false],
    ]);
    // The edit's form lists them as kept, so the kiosk's document rule counts them.
    const form = buildOrderEditFormData({
      ...edit.contact,
      coupons: edit.coupons,
      products: edit.products,
      medias: edit.medias,
      multipleDates: edit.mode,
      dates: edit.dates,
      invoice: false,
      orderCodeToReplace: order.uuid,
    });
    expect([form.get('email'), form.get('coupon_codes[0]'), form.get('coupon_codes[1]')]).toEqual(['anna.verdi@example.com', 'WELCOME10', 'GONE']);
    expect([form.get('medias[0][id]'), form.get('medias[0][stored]'), form.get('medias[0][deleted]')]).toEqual(['77', '1', '0']);
    expect(CartStateSchema.safeParse({ ...edit.contact, coupons: edit.coupons, medias: edit.medias, products: edit.products }).success).toBe(true);
  });

  it('a person named only in part stays a valid cart line (no NaN measures the stored cart would refuse)', () => {
    const order = orderResponse();
    order.order_detail_pools[0]!.customer = { first_name: 'Luca', shoe_size: '42,5', height: 'alto' };
    const [line] = orderEditCart(order)!.products;
    expect(line!.customer).toEqual({ first_name: 'Luca', last_name: undefined, height: undefined, weight: undefined, shoe_size: 42.5, level: undefined });
    expect(CartProductSchema.safeParse(line).success).toBe(true);
  });

  it('the size each line booked comes back with it (an edit must not free it)', () => {
    const order = orderResponse();
    order.order_detail_pools[0]!.order_details[0]!.size = 'L';
    const [sized, unsized] = orderEditCart(order)!.products;
    expect(sized!.size).toBe('L');
    expect(CartProductSchema.parse(sized).size).toBe('L');
    expect(unsized).not.toHaveProperty('size');
  });

  it('a single day, and a season (no dates)', () => {
    expect(orderEditCart(orderResponse({ multipleDates: DateModes.SINGLE, date_to: '2026-12-12' }))!.dates).toEqual(['2026-12-12']);
    const season = orderEditCart(orderResponse({ multipleDates: DateModes.SEASONAL, season: true }))!;
    expect(season.dates).toEqual([]);
    expect(season.products[0]!.days).toBe(0);
  });

  it('an order without a shop, or a pool without its main item, cannot be re-booked', () => {
    expect(orderEditCart(orderResponse({ shop: null }))).toBeNull();
    const order = orderResponse();
    order.order_detail_pools[1]!.order_details = order.order_detail_pools[1]!.order_details.filter((d) => d.is_add_on);
    expect(orderEditCart(order)!.products.map((p) => p.id)).toEqual([11]);
  });

  it('paths of the booking screens an edit goes through', () => {
    expect(editStartPath('x')).toBe('/prenota/x/calendar');
    expect(editCheckoutPath('x')).toBe('/prenota/x/order');
  });
});
