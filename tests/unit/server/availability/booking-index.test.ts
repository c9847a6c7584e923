// The booking index forgets ended bookings whole (every product of the order), and an order it
// forgot can come back through the after-commit hook without leaving a trace of the old entry.
import { describe, expect, it } from 'vitest';
import { BookingIndex } from '~server/availability/bookings';

const period = (from: string, to: string) => ({ from, to, half: null });

describe('BookingIndex.dropEndedBefore', () => {
  it('drops the orders ended before the day, on every product they hold, and keeps the rest', () => {
    const index = new BookingIndex();
    index.replaceAll([
      { orderId: 1, productIds: [10, 11], period: period('2026-01-01', '2026-01-03') },
      { orderId: 2, productIds: [10], period: period('2026-01-02', '2026-01-05') },
      { orderId: 3, productIds: [11], period: period('2026-01-05', '2026-01-05') },
    ]);
    index.dropEndedBefore('2026-01-05');
    expect(index.periods(10)).toEqual([period('2026-01-02', '2026-01-05')]);
    expect(index.periods(11)).toEqual([period('2026-01-05', '2026-01-05')]);

    // Order 1 confirmed again with new dates: held once, on the products it now books.
    index.replace([{ orderId: 1, productIds: [11], period: period('2026-02-01', '2026-02-02') }]);
    expect(index.periods(10)).toEqual([period('2026-01-02', '2026-01-05')]);
    expect(index.periods(11)).toEqual([period('2026-01-05', '2026-01-05'), period('2026-02-01', '2026-02-02')]);
    // And cancelled: gone from every list.
    index.replace([{ orderId: 1, productIds: [], period: null }]);
    expect(index.periods(11)).toEqual([period('2026-01-05', '2026-01-05')]);
  });
});
