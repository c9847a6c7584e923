import { describe, expect, it } from 'vitest';
import { listedState, splitByTime, type ListedOrder } from './my-orders';

const order = (date_from: string, date_to: string, extra: Partial<ListedOrder> = {}): ListedOrder => ({
  date_from,
  date_to,
  status: 'confirmed',
  paid: false,
  ...extra,
});

describe('the customer orders list', () => {
  const today = '2026-12-06';

  it('says "ended" of a past order, whatever its payment, and keeps cancelled as such', () => {
    expect(listedState(order('2025-01-10', '2025-01-12'), today)).toBe('ended');
    expect(listedState(order('2025-01-10', '2025-01-12', { paid: true }), today)).toBe('ended');
    expect(listedState(order('2025-01-10', '2025-01-12', { status: 'cancelled' }), today)).toBe('cancelled');
  });

  it('says paid or to pay of an order still to come or running today', () => {
    expect(listedState(order('2026-12-01', today), today)).toBe('unpaid');
    expect(listedState(order('2026-12-20', '2026-12-21', { paid: true }), today)).toBe('paid');
  });

  it('lists upcoming orders soonest first and past ones newest first', () => {
    const orders = [order('2025-01-10', '2025-01-12'), order('2026-12-20', '2026-12-21'), order('2025-02-01', '2025-02-02'), order('2026-12-06', '2026-12-06')];
    const { upcoming, past } = splitByTime(orders, today);
    expect(upcoming.map((o) => o.date_from)).toEqual(['2026-12-06', '2026-12-20']);
    expect(past.map((o) => o.date_from)).toEqual(['2025-02-01', '2025-01-10']);
  });
});
