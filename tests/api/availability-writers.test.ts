// Every write that changes availability goes through the after-commit hook
// (server/availability/commit.ts): right after each one, the availabilities the API serves from
// memory (both routes, memo included) are those a fresh read of the database gives, and they moved
// as the write says. A writer that committed without the hook would leave the memory behind and
// fail here. The writes that change no booking and no unit out (contact data, payment, a problem
// reported on a unit in the shop) leave the memory equal to the database too.
import { describe, expect, it } from 'vitest';
import { AvailabilityDaysSchema } from '~/api/contract/availability';
import { Availability } from '~server/availability/index';
import { testDrivers } from '../support/databases';
import { answer } from '../support/contract';
import { availability, day, orderForm, pick, productId, query, stockOf } from '../support/orders';
import { call, idDocument, pairedKiosks, payAtDesk, placeOrder, unit, SHOP, type StaffOrderJson } from '../support/staff';

/** The days the checks ask about: today (units out), and the booked days 30 to 32. */
const DAYS = [0, 30, 31, 32];

describe.each(testDrivers)('availability after every write on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);
  const bike = () => productId(api, SHOP, 'CITYBIKE');
  const snowshoes = () => productId(api, SHOP, 'CIASPOLE');

  /** What the API serves for `n` days from today, per product id. */
  const served = (n: number) => availability(api, SHOP, { from: day(n), to: day(n) });

  /** The served answers (per day, and the calendar of both products) equal a fresh read of the database. */
  async function expectMemoryMatchesDatabase() {
    const fresh = new Availability(api.deps.catalogue, api.deps.now);
    await fresh.load(api.deps.database.db);
    const shop = api.deps.catalogue.shopById(SHOP)!;
    for (const n of DAYS) {
      expect(await served(n), `day ${n}`).toEqual(fresh.availabilities(shop, { from: day(n), to: day(n), half: null }));
    }
    for (const id of [bike(), snowshoes()]) {
      const res = await api.request(`/api/v1/shops/${SHOP}/availabilities/days?${query({ product_id: String(id), from: day(0), to: day(33) })}`);
      expect((await answer(res, AvailabilityDaysSchema)).data).toEqual(fresh.dailyAvailability(id, day(0), day(33)));
    }
  }

  const free = async (code: 'CITYBIKE' | 'CIASPOLE', n: number) => (await served(n))[String(productId(api, SHOP, code))];
  const lines = (order: StaffOrderJson) => order.order_detail_pools.flatMap((p) => p.order_details.map((d) => d.id));

  let online: StaffOrderJson;
  let kiosk: StaffOrderJson;
  let extra: number;

  it('reads the memory before any write: it matches the database', async () => {
    // Read first, so every answer below is memoised and would stay stale without the hook.
    for (const n of DAYS) expect(await free('CITYBIKE', n)).toBe(stockOf('CITYBIKE'));
    await expectMemoryMatchesDatabase();
  });

  it('an online order placed', async () => {
    online = await placeOrder(api, { from: day(30), to: day(31), count: 2 });
    expect([await free('CITYBIKE', 30), await free('CITYBIKE', 32)]).toEqual([stockOf('CITYBIKE') - 2, stockOf('CITYBIKE')]);
    await expectMemoryMatchesDatabase();
  });

  it('an order edited (other days, fewer units)', async () => {
    const { main } = await pick(api, SHOP, 'CITYBIKE', { from: day(31), to: day(32), edit_order_code: online.uuid });
    const res = await api.request(`/api/v1/orders/${online.uuid}`, {
      method: 'POST',
      body: orderForm({ from: day(31), to: day(32), cart: [{ prices: [main.id] }], extra: { _method: 'PATCH' } }),
    });
    expect(res.status).toBe(200);
    // Its lines were replaced: read them again.
    online = (await call(api, 'GET', `/api/v1/orders/${online.id}`, k.admin)).body.data;
    expect([await free('CITYBIKE', 30), await free('CITYBIKE', 32)]).toEqual([stockOf('CITYBIKE'), stockOf('CITYBIKE') - 1]);
    await expectMemoryMatchesDatabase();
  });

  it('an order placed at a public kiosk, then cancelled by staff', async () => {
    kiosk = await placeOrder(api, { from: day(30), token: k.public, medias: [{ file: idDocument() }] });
    expect(await free('CITYBIKE', 30)).toBe(stockOf('CITYBIKE') - 1);
    await expectMemoryMatchesDatabase();

    expect((await call(api, 'DELETE', `/api/v1/orders/${kiosk.uuid}?date=${day(0)}`, k.admin)).status).toBe(200);
    expect(await free('CITYBIKE', 30)).toBe(stockOf('CITYBIKE'));
    await expectMemoryMatchesDatabase();
  });

  it('an order cancelled by its guest-link holder', async () => {
    const order = await placeOrder(api, { from: day(32) });
    expect(await free('CITYBIKE', 32)).toBe(stockOf('CITYBIKE') - 2);
    expect((await api.request(`/api/v1/orders/${order.uuid}?date=${day(0)}`, { method: 'DELETE' })).status).toBe(200);
    expect(await free('CITYBIKE', 32)).toBe(stockOf('CITYBIKE') - 1);
    await expectMemoryMatchesDatabase();
  });

  it('units handed out: a line early (held from today) and an extra', async () => {
    const res = await call(api, 'POST', '/api/v1/delivery', k.admin, {
      order_id: online.id,
      delivery_details: [
        { internal_code: unit('CITYBIKE', 1), id_order_detail: lines(online)[0] },
        { internal_code: unit('CIASPOLE', 1), price: 5 },
      ],
    });
    expect(res.status).toBe(200);
    extra = res.body.data.delivery.delivery_details.find((d) => d.id_order_detail === null)!.id;
    expect([await free('CITYBIKE', 0), await free('CIASPOLE', 0)]).toEqual([stockOf('CITYBIKE') - 1, stockOf('CIASPOLE') - 1]);
    await expectMemoryMatchesDatabase();
  });

  it('a unit taken back, its return undone, then its hand-out undone', async () => {
    expect((await call(api, 'POST', '/api/v1/pickup', k.admin, { items: [{ internal_code: unit('CIASPOLE', 1) }] })).status).toBe(200);
    expect(await free('CIASPOLE', 0)).toBe(stockOf('CIASPOLE'));
    await expectMemoryMatchesDatabase();

    expect((await call(api, 'POST', `/api/v1/delivery_details/${extra}/reset_pickup`, k.admin)).status).toBe(200);
    expect(await free('CIASPOLE', 0)).toBe(stockOf('CIASPOLE') - 1);
    await expectMemoryMatchesDatabase();

    expect((await call(api, 'POST', `/api/v1/delivery_details/${extra}/reset_delivery`, k.admin)).status).toBe(200);
    expect(await free('CIASPOLE', 0)).toBe(stockOf('CIASPOLE'));
    await expectMemoryMatchesDatabase();
  });

  it('writes that change no booking and no unit out leave the memory equal to the database', async () => {
    const contact = await call(api, 'PATCH', `/api/v1/orders/${online.id}`, k.admin, { phone: '+39 333 000 1111' });
    expect(contact.status).toBe(200);
    expect((await payAtDesk(api, online.id, k.cash)).status).toBe(200);
    const code = unit('CIASPOLE', 2);
    const found = await call(api, 'GET', `/api/v1/specific_products/${code}`, k.admin);
    const problem = await call(api, 'POST', `/api/v1/specific_products/${found.body.data.id}/specific_product_problems`, k.admin, { description: 'attacco rotto' });
    expect(problem.status).toBe(201);
    expect((await call(api, 'POST', `/api/v1/specific_products/${code}/unlock`, k.admin)).status).toBe(200);
    await expectMemoryMatchesDatabase();
  });
});
