// Bookings that ended long ago leave the server's memory (server/availability/bookings.ts): the
// index and the start-up read keep those ended in the last ENDED_BOOKINGS_KEPT_DAYS, so a network's
// years of orders do not grow the heap without end. Within that, every answer is as before.
import { describe, expect, it } from 'vitest';
import { Availability } from '~server/availability/index';
import { ENDED_BOOKINGS_KEPT_DAYS } from '~server/availability/bookings';
import { addDays } from '~/domain/dates';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { availability, day, productId, stockOf } from '../support/orders';
import { placeOrder, SHOP } from '../support/staff';

/** Noon in Rome's winter (UTC+1) of `isoDay`. */
const noonOf = (isoDay: string) => new Date(`${isoDay}T11:00:00Z`);

describe.each(testDrivers)('bookings ended long ago, on $name', (driver) => {
  const api = seededApi(driver);

  it('are held until ENDED_BOOKINGS_KEPT_DAYS after their end, then forgotten by the running server and by a fresh start', async () => {
    const bike = String(productId(api, SHOP, 'CITYBIKE'));
    const from = day(30);
    const end = day(31);
    await placeOrder(api, { from, to: end, count: 1 });
    const freeOn = async (d: string) => (await availability(api, SHOP, { from: d, to: d }))[bike];
    const loadedAt = async (at: Date) => {
      const fresh = new Availability(api.deps.catalogue, () => at);
      await fresh.load(api.deps.database.db);
      return fresh.available(Number(bike), { from, to: from, half: null });
    };
    expect(await freeOn(from)).toBe(stockOf('CITYBIKE') - 1);

    // The last day it is kept: the running server and a fresh read still count it.
    const lastKept = noonOf(addDays(end, ENDED_BOOKINGS_KEPT_DAYS));
    api.setNow(lastKept);
    expect(await freeOn(from)).toBe(stockOf('CITYBIKE') - 1);
    expect(await loadedAt(lastKept)).toBe(stockOf('CITYBIKE') - 1);

    // A day later it is gone from both.
    const forgotten = noonOf(addDays(end, ENDED_BOOKINGS_KEPT_DAYS + 1));
    api.setNow(forgotten);
    expect(await freeOn(from)).toBe(stockOf('CITYBIKE'));
    expect(await loadedAt(forgotten)).toBe(stockOf('CITYBIKE'));
  });
});
