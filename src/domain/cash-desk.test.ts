import { describe, expect, it } from 'vitest';
import {
  afterCheckoutPath,
  cashDeskOrderPath,
  CUSTOMER_LEVELS,
  hasStarted,
  isHandedOut,
  MEASURE_BOUNDS,
  orderChangeOptions,
  poolCustomerChanges,
} from './cash-desk';

// 09:00 in Rome on 10 December 2026 (UTC+1).
const NOW = new Date('2026-12-10T08:00:00Z');
const handOut = { id: 1, id_order_detail: 5, forced: false, datetime_delivery: '2026-12-10T08:30:00.000Z', used: false, managed: false };

/** A confirmed, unpaid order of the coming days, nothing handed out: everything allowed. */
const order = (change: Partial<Parameters<typeof orderChangeOptions>[0]> = {}) => ({
  status: 'confirmed' as const,
  paid: false,
  editable: true,
  date_from: '2026-12-12',
  delivery: { delivery_details: [] },
  ...change,
});

describe('orderChangeOptions (what the cash desk offers, as server/orders/access.ts allows)', () => {
  it('a confirmed, unpaid order before its first day: everything', () => {
    expect(orderChangeOptions(order(), NOW)).toEqual({
      contact: { allowed: true },
      customers: { allowed: true },
      replace: { allowed: true },
      cancel: { allowed: true },
    });
  });

  it('a cancelled order: nothing, because it is cancelled', () => {
    const no = { allowed: false, reason: 'cancelled' };
    expect(orderChangeOptions(order({ status: 'cancelled', editable: false }), NOW)).toEqual({ contact: no, customers: no, replace: no, cancel: no });
  });

  it('a paid order: contact and people yes; dates, items and cancelling no, because it is paid', () => {
    const options = orderChangeOptions(order({ paid: true, editable: false }), NOW);
    expect(options.contact).toEqual({ allowed: true });
    expect(options.customers).toEqual({ allowed: true });
    expect(options.replace).toEqual({ allowed: false, reason: 'paid' });
    expect(options.cancel).toEqual({ allowed: false, reason: 'paid' });
  });

  it('a started, unpaid order: no new dates or items (started), but it may still be cancelled', () => {
    const options = orderChangeOptions(order({ date_from: '2026-12-10', editable: false }), NOW);
    expect(options.replace).toEqual({ allowed: false, reason: 'started' });
    expect(options.cancel).toEqual({ allowed: true });
    expect(options.contact).toEqual({ allowed: true });
  });

  it('a unit handed out: neither new dates nor cancelling, and that is the reason given even when paid', () => {
    const options = orderChangeOptions(order({ paid: true, editable: false, delivery: { delivery_details: [handOut] } }), NOW);
    expect(options.replace).toEqual({ allowed: false, reason: 'handedOut' });
    expect(options.cancel).toEqual({ allowed: false, reason: 'handedOut' });
    expect(options.customers).toEqual({ allowed: true });
  });

  it('a screen left open past midnight stops offering what the server now refuses', () => {
    // Read at 23:00 on the 11th (still editable), checked again at 00:30 on the 12th, its first day.
    expect(orderChangeOptions(order(), new Date('2026-12-11T23:30:00Z')).replace).toEqual({ allowed: false, reason: 'started' });
  });

  it('trusts the server when it said not editable for a reason the browser cannot see (its clock)', () => {
    expect(orderChangeOptions(order({ editable: false }), NOW).replace).toEqual({ allowed: false, reason: 'started' });
  });
});

describe('order facts', () => {
  it('handed out: any delivery row, as the server counts them', () => {
    expect(isHandedOut({ delivery: { delivery_details: [] } })).toBe(false);
    expect(isHandedOut({ delivery: { delivery_details: [handOut] } })).toBe(true);
    expect(isHandedOut({ delivery: { delivery_details: [{ ...handOut, datetime_delivery: null }] } })).toBe(true);
  });

  it('started: from its first day in Rome, whatever the time of day', () => {
    expect(hasStarted({ date_from: '2026-12-11' }, NOW)).toBe(false);
    expect(hasStarted({ date_from: '2026-12-10' }, NOW)).toBe(true);
    expect(hasStarted({ date_from: '2026-12-10 09:00:00' }, NOW)).toBe(true);
    // 23:30 UTC on the 9th is already the 10th in Rome.
    expect(hasStarted({ date_from: '2026-12-10' }, new Date('2026-12-09T23:30:00Z'))).toBe(true);
  });
});

describe('after the checkout', () => {
  const placed = { uuid: '0b9a3c1e-5f4d-4c3b-9a2e-1d0c9b8a7f6e' };

  it('an admin totem (20 or 30) that changed an order goes back to its cash-desk page', () => {
    expect(afterCheckoutPath({ type: 20 }, placed, true)).toBe(`/totem/cash-desk/${placed.uuid}`);
    expect(afterCheckoutPath({ type: 30 }, placed, true)).toBe(`/totem/cash-desk/${placed.uuid}`);
  });

  it('a new order, a public kiosk or a customer stay on the confirmation', () => {
    expect(afterCheckoutPath({ type: 30 }, placed, false)).toBeNull();
    expect(afterCheckoutPath({ type: 10 }, placed, true)).toBeNull();
    expect(afterCheckoutPath(null, placed, true)).toBeNull();
  });

  it('the cash-desk path escapes what it is given', () => {
    expect(cashDeskOrderPath('a/b')).toBe('/totem/cash-desk/a%2Fb');
  });
});

describe('poolCustomerChanges', () => {
  it('sends every field trimmed (empty clears it) and measures with a point', () => {
    expect(
      poolCustomerChanges({ first_name: ' Luca ', last_name: '', height: '180', weight: ' 72,5 ', shoe_size: '42,5', level: 'esperto' }),
    ).toEqual({ first_name: 'Luca', last_name: '', height: '180', weight: '72.5', shoe_size: '42.5', level: 'esperto' });
  });

  it('leaves a measure it cannot read as typed, for the server to judge', () => {
    expect(poolCustomerChanges({ first_name: '', last_name: '', height: ' 1m80 ', weight: '', shoe_size: '', level: '' }).height).toBe('1m80');
  });

  it('offers the booking form’s levels and bounds', () => {
    expect(CUSTOMER_LEVELS).toEqual(['principiante', 'intermedio', 'esperto']);
    expect(MEASURE_BOUNDS.height).toEqual({ min: 50, max: 250 });
  });
});
