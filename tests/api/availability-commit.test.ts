// The after-commit hook (server/availability/commit.ts) on its own: a write's change reaches the
// in-memory availability once its transaction committed, never before and never after a rollback;
// what another process committed is read from the database (`reread`, `everything`), which is
// how the cluster sync keeps processes together. A change written past the hook stays invisible,
// which is why every writer goes through it (tests/api/availability-writers.test.ts).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { afterCommit, commitAndRefresh, orderHolds, orderReleased } from '~server/availability/commit';
import { appMeta, orders, products } from '~server/db/schema/index';
import { seededApi } from '../support/app';
import { testDrivers } from '../support/databases';
import { availability, day, productId, stockOf } from '../support/orders';
import { placeOrder, SHOP } from '../support/staff';

describe.each(testDrivers)('the availability hook on $name', (driver) => {
  const api = seededApi(driver);

  const bike = () => productId(api, SHOP, 'CITYBIKE');
  const period = (n: number) => ({ from: day(n), to: day(n), half: null });
  /** Free bikes on day `n` as the API serves them (memoised answers included). */
  const served = async (n: number) => (await availability(api, SHOP, { from: day(n), to: day(n) }))[String(bike())];

  it('applies the change a write names once its transaction committed, not while it runs', async () => {
    expect(await served(50)).toBe(stockOf('CITYBIKE'));
    let during: number | undefined;
    const result = await commitAndRefresh(api.deps, async () => {
      during = api.deps.availability.available(bike(), period(50));
      // An order id no row has: the hook trusts what the writer says it committed.
      return { result: 'written', change: orderHolds(-1, [{ productId: bike(), size: null }, { productId: bike(), size: null }], period(50)) };
    });
    expect([result, during]).toEqual(['written', stockOf('CITYBIKE')]);
    expect(await served(50)).toBe(stockOf('CITYBIKE') - 2);
    await afterCommit(api.deps, orderReleased(-1));
    expect(await served(50)).toBe(stockOf('CITYBIKE'));
  });

  it('changes nothing when the write fails: its transaction rolled back', async () => {
    const failing = commitAndRefresh(api.deps, async (tx) => {
      await tx.insert(appMeta).values({ key: 'availability-hook-test', value: 'x' });
      throw new Error('refused inside the transaction');
    });
    await expect(failing).rejects.toThrow('refused inside the transaction');
    expect(await api.deps.database.db.select().from(appMeta).where(eq(appMeta.key, 'availability-hook-test'))).toEqual([]);
    expect(await served(51)).toBe(stockOf('CITYBIKE'));
  });

  it('reads again the orders another process wrote (`reread`); a write past the hook is not seen until then', async () => {
    const order = await placeOrder(api, { from: day(52) });
    expect(await served(52)).toBe(stockOf('CITYBIKE') - 1);
    // As another process would: committed without this process's hook.
    await api.deps.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));
    expect(await served(52)).toBe(stockOf('CITYBIKE') - 1);
    await afterCommit(api.deps, { reread: [order.id] });
    expect(await served(52)).toBe(stockOf('CITYBIKE'));
  });

  it('reads the catalogue and availability again on `everything` (a catalogue change, missed notifications)', async () => {
    const { db } = api.deps.database;
    await db.update(products).set({ stock: stockOf('CITYBIKE') + 4 }).where(eq(products.id, bike()));
    expect(await served(53)).toBe(stockOf('CITYBIKE'));
    await afterCommit(api.deps, { everything: true });
    expect([api.deps.catalogue.product(bike())!.product.stock, await served(53)]).toEqual([stockOf('CITYBIKE') + 4, stockOf('CITYBIKE') + 4]);
    await db.update(products).set({ stock: stockOf('CITYBIKE') }).where(eq(products.id, bike()));
    await afterCommit(api.deps, { everything: true });
    expect(await served(53)).toBe(stockOf('CITYBIKE'));
  });
});
