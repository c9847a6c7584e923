import { describe, expect, it } from 'vitest';
import { counterOrder } from '~tests/support/order-response';
import { counterMoney, counterTabDay, sortCounterOrders } from './counter-orders';

describe('sortCounterOrders', () => {
  it('puts kiosk orders first, newest on top, then the others newest first', () => {
    const online = counterOrder(1, { created_at: '2027-01-16T08:00:00.000Z' });
    const olderOnline = counterOrder(2, { created_at: '2027-01-02T08:00:00.000Z' });
    const kioskEarly = counterOrder(3, { totem_code: 'BARD-03', created_at: '2027-01-16T07:55:00.000Z' });
    const kioskNow = counterOrder(4, { totem_code: 'BARD-03', created_at: '2027-01-16T08:01:00.000Z' });
    const sorted = sortCounterOrders([olderOnline, kioskEarly, online, kioskNow]);
    expect(sorted.map((o) => o.id)).toEqual([4, 3, 1, 2]);
  });

  it('orders rows placed at the same instant by id, newest first, whatever order they came in', () => {
    const same = '2027-01-16T08:00:00.000Z';
    const a = counterOrder(10, { created_at: same });
    const b = counterOrder(11, { created_at: same });
    expect(sortCounterOrders([a, b]).map((o) => o.id)).toEqual([11, 10]);
    expect(sortCounterOrders([b, a]).map((o) => o.id)).toEqual([11, 10]);
  });

  it('leaves the list it was given as it was', () => {
    const list = [counterOrder(1), counterOrder(2, { totem_code: 'X' })];
    sortCounterOrders(list);
    expect(list.map((o) => o.id)).toEqual([1, 2]);
  });
});

describe('counterTabDay', () => {
  it('is today, or the next day across a month and a year', () => {
    expect(counterTabDay('today', '2027-01-16')).toBe('2027-01-16');
    expect(counterTabDay('tomorrow', '2027-01-31')).toBe('2027-02-01');
    expect(counterTabDay('tomorrow', '2026-12-31')).toBe('2027-01-01');
  });
});

describe('counterMoney', () => {
  it('says paid, or the amount due', () => {
    expect(counterMoney({ paid: true, total_amount: 40 })).toEqual({ paid: true });
    expect(counterMoney({ paid: false, total_amount: 40 })).toEqual({ paid: false, due: 40 });
  });
});
