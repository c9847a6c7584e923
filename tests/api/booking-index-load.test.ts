// The booking index read at start (server/availability/bookings.ts `loadBookingIndex`) pages the
// confirmed orders by id: whatever the page size, it holds the same bookings as the orders read
// one by one, leaves out cancelled orders and those ended before the kept window, and shares one
// period object between orders booked for the same period.
import { and, eq, gte, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BookingIndex, keptFrom, loadBookingIndex, readOrderBookings } from '~server/availability/bookings';
import { orders, products } from '~server/db/schema/index';
import { executedRows } from '~server/db/rows';
import type { BookingPeriod } from '~/domain/availability';
import { addDays, todayInRome } from '~/domain/dates';
import { seededApi } from '../support/app';
import { testDrivers } from '../support/databases';
import { day } from '../support/orders';
import { placeOrder } from '../support/staff';

describe.each(testDrivers)('the booking index read at start on $name', (driver) => {
  const api = seededApi(driver);

  it('holds the same bookings whatever the page size, without cancelled or long-ended orders', async () => {
    const db = api.deps.database.db;
    await placeOrder(api, { from: day(60), to: day(62), count: 2 });
    await placeOrder(api, { from: day(60), to: day(62) });
    await placeOrder(api, { from: day(61), morning: true });
    const cancelled = await placeOrder(api, { from: day(63) });
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.id));
    const ended = await placeOrder(api, { from: day(64) });
    const longAgo = addDays(todayInRome(), -500);
    await db.update(orders).set({ dateFrom: longAgo, dateTo: longAgo }).where(eq(orders.id, ended.id));

    const from = keptFrom(todayInRome());
    // What the orders hold read one by one: the reference the paged read must equal.
    const kept = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.status, 'confirmed'), gte(orders.dateTo, from)));
    const expected = new BookingIndex();
    expected.add(await readOrderBookings(db, { orderIds: kept.map((o) => o.id) }));
    expect(expected.orderCount).toBeGreaterThanOrEqual(3);

    const productIds = (await db.select({ id: products.id }).from(products)).map((p) => p.id);
    const byKey = (p: BookingPeriod) => `${p.from}|${p.to}|${String(p.half)}`;
    const held = (index: BookingIndex) => Object.fromEntries(productIds.map((id) => [id, index.periods(id).map(byKey).sort()]));
    for (const pageOrders of [1, 2, 5000]) {
      const index = await loadBookingIndex(db, from, pageOrders);
      expect(index.orderCount, `page of ${pageOrders}`).toBe(expected.orderCount);
      expect(held(index), `page of ${pageOrders}`).toEqual(held(expected));
      // Neither the cancelled order nor the one ended before the window.
      const all = productIds.flatMap((id) => index.periods(id));
      expect(all.some((p) => p.from === day(63) || p.to === longAgo)).toBe(false);
      // The two orders of day 60–62 share one period object.
      const sameDates = all.filter((p) => p.from === day(60) && p.to === day(62));
      expect(sameDates.length).toBeGreaterThanOrEqual(3);
      expect(new Set(sameDates).size).toBe(1);
    }
    // And the order count is the database's, so the test sees every confirmed order of the window.
    const [{ count }] = executedRows<{ count: number }>(
      await db.execute(sql`SELECT count(DISTINCT o.id)::int AS count FROM orders o JOIN order_details d ON d.order_id = o.id WHERE o.status = 'confirmed' AND o.date_to >= ${from}`),
    ) as [{ count: number }];
    expect(expected.orderCount).toBe(count);
  });
});
