// The kiosk's inventory store (src/features/kiosk/inventory/stores/inventory.ts) against the real API on a seeded PGlite
// database, as an admin totem (type 20) of the demo shop: the list and its filters (state,
// product, code, extras with their order numbers), open problems of locked units, unlocking, a
// reported problem (the server's 422 under the field, then the unit locked everywhere), one unit's
// page with its history, the lookup of a scanned code, a newer read winning over an older one, and
// an outage shown as such.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestStorageEngine } from '@nanostores/persistent';
import type { TestApi } from '~tests/support/app';
import { actAsKiosk, pairedForTheFile, routeFetchToApi } from '../support';
import { day, productId } from '~tests/support/orders';
import { call, placeOrder, SHOP, unit } from '~tests/support/staff';
import { NO_FILTERS } from '~/domain/inventory';

beforeAll(() => {
  useTestStorageEngine();
});

const { createInventory } = await import('~/features/kiosk/inventory/stores/inventory');
/** The inventory's store as a page makes it (new for each test). */
let store: ReturnType<typeof createInventory>;

let api: TestApi;
let admin: string;
/** Makes the API unreachable (an outage) while set. */
let apiDown = false;
/** Requests the store made, as `METHOD path?query`. */
let requests: string[];

pairedForTheFile('BARD-02', (kiosk) => ({ api, token: admin } = kiosk));

beforeEach(() => {
  store = createInventory();
  apiDown = false;
  requests = [];
  actAsKiosk({ type: 20, code: 'BARD-02' }, admin);
  routeFetchToApi(api, {
    before: ({ method, url, init }) => {
      requests.push(`${method} ${url.pathname}${url.search}`);
      if (apiDown) throw new TypeError('fetch failed');
      if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** An order of one city bike (its line id) placed as a guest, `n` days from today. */
async function bikeOrder(n: number) {
  const order = await placeOrder(api, { from: day(n) });
  return { id: order.id, number: order.number, line: order.order_detail_pools[0]!.order_details[0]!.id };
}

async function deliver(orderId: number, details: { internal_code: string; id_order_detail?: number }[]) {
  const res = await call(api, 'POST', '/api/v1/delivery', admin, { order_id: orderId, delivery_details: details });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
}

async function pickUp(items: { internal_code: string; problem?: string }[]) {
  const res = await call(api, 'POST', '/api/v1/pickup', admin, { items });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
}

const codes = () => store.$inventory.get().units.map((u) => u.internal_code);

describe('the inventory list', () => {
  it('lists the shop\'s units and narrows them by state, product and code; extras carry their order number', async () => {
    const order = await bikeOrder(2);
    await deliver(order.id, [{ internal_code: unit('CITYBIKE', 1), id_order_detail: order.line }, { internal_code: unit('MTB', 2) }]);

    await store.loadInventory(NO_FILTERS);
    const all = store.$inventory.get();
    expect(all.state).toBe('ready');
    expect(all.units.length).toBeGreaterThan(20);
    expect(all.units.every((u) => u.internal_code.startsWith('S06-'))).toBe(true);
    const bikeId = productId(api, SHOP, 'CITYBIKE');
    expect(all.products.map((p) => p.id)).toContain(bikeId);
    const productCount = all.products.length;

    await store.setInventoryFilters({ status: 'out' });
    expect(codes()).toEqual([unit('CITYBIKE', 1), unit('MTB', 2)]);
    expect(store.$inventory.get().units[0]!.out).toMatchObject({ order_number: order.number, order_id: order.id });

    await store.setInventoryFilters({ productId: bikeId });
    expect(codes()).toEqual([unit('CITYBIKE', 1)]);
    // A filtered answer does not take products out of the picker.
    expect(store.$inventory.get().products).toHaveLength(productCount);

    await store.setInventoryFilters({ status: '', productId: null, q: unit('MTB', 2).toLowerCase() });
    expect(codes()).toEqual([unit('MTB', 2)]);
    expect(requests.at(-1)).toBe(`GET /api/v1/specific_products?q=${unit('MTB', 2).toLowerCase()}`);

    await store.setInventoryFilters({ q: '', extra: true });
    const extras = store.$inventory.get();
    expect(extras.units).toEqual([]);
    expect(extras.extras).toEqual([expect.objectContaining({ internal_code: unit('MTB', 2), order_id: order.id, order_number: order.number })]);
    // The text filters the extras too.
    await store.setInventoryFilters({ q: 'CITYBIKE' });
    expect(store.$inventory.get().extras).toEqual([]);

    await pickUp([{ internal_code: unit('CITYBIKE', 1) }, { internal_code: unit('MTB', 2) }]);
  });

  it('shows the open problems of locked units; unlocking resolves them and updates the row in place', async () => {
    const order = await bikeOrder(3);
    await deliver(order.id, [{ internal_code: unit('CITYBIKE', 2), id_order_detail: order.line }]);
    await pickUp([{ internal_code: unit('CITYBIKE', 2), problem: 'Freno posteriore rotto' }]);

    await store.loadInventory({ ...NO_FILTERS, status: 'locked' });
    const locked = store.$inventory.get();
    const row = locked.units.find((u) => u.internal_code === unit('CITYBIKE', 2))!;
    expect(row).toMatchObject({ status: 'locked', locked: true });
    expect(locked.problems[row.id]).toEqual([expect.objectContaining({ description: 'Freno posteriore rotto', resolved_at: null })]);

    const unlocked = await store.unlockInventoryUnit(unit('CITYBIKE', 2));
    expect(unlocked).toMatchObject({ status: 'available', locked: false, open_problems: [] });
    const after = store.$inventory.get();
    expect(after.units.find((u) => u.id === row.id)).toMatchObject({ status: 'available', locked: false });
    expect(after.problems[row.id]).toBeUndefined();
    const again = await call(api, 'GET', `/api/v1/specific_products/${unit('CITYBIKE', 2)}`, admin);
    expect(again.body.data).toMatchObject({ status: 'available', open_problems: [] });
  });

  it('a newer read wins over an older one still running', async () => {
    const older = store.loadInventory({ ...NO_FILTERS, status: 'locked' });
    const newer = store.loadInventory({ ...NO_FILTERS, productId: productId(api, SHOP, 'MTB') });
    await Promise.all([older, newer]);
    const view = store.$inventory.get();
    expect(view.state).toBe('ready');
    expect(view.filters.productId).toBe(productId(api, SHOP, 'MTB'));
    expect(codes().every((c) => c.startsWith('S06-MTB-'))).toBe(true);
  });

  it('says the list could not be read when the API is unreachable, and reads it on retry', async () => {
    apiDown = true;
    await store.loadInventory(NO_FILTERS);
    expect(store.$inventory.get()).toMatchObject({ state: 'error', error: { key: 'errors.network' } });
    apiDown = false;
    await store.loadInventory();
    expect(store.$inventory.get().state).toBe('ready');
  });
});

describe('reporting a problem', () => {
  it("shows the server's 422 for the field and locks nothing; a real description locks the unit in the list", async () => {
    await store.loadInventory({ ...NO_FILTERS, q: unit('MTB', 4) });
    const row = store.$inventory.get().units[0]!;
    expect(row.status).toBe('available');

    expect(await store.reportProblem(row, '   ')).toEqual({ ok: false, error: 'Campo obbligatorio' });
    expect((await call(api, 'GET', `/api/v1/specific_products/${unit('MTB', 4)}`, admin)).body.data.locked).toBe(false);

    const outcome = await store.reportProblem(row, 'Catena lenta');
    expect(outcome).toMatchObject({ ok: true, problem: { description: 'Catena lenta', resolved_at: null } });
    const view = store.$inventory.get();
    expect(view.units[0]).toMatchObject({ internal_code: unit('MTB', 4), status: 'locked', locked: true });
    expect(view.problems[row.id]).toEqual([expect.objectContaining({ description: 'Catena lenta' })]);

    await store.unlockInventoryUnit(unit('MTB', 4));
  });
});

describe('one unit', () => {
  it('opens with its history (orders, hand-out and return) and every problem, open or resolved', async () => {
    const order = await bikeOrder(4);
    await deliver(order.id, [{ internal_code: unit('CITYBIKE', 3), id_order_detail: order.line }]);
    await pickUp([{ internal_code: unit('CITYBIKE', 3), problem: 'Gomma forata' }]);

    await store.openProductUnit(unit('CITYBIKE', 3).toLowerCase());
    const page = store.$productUnit.get()!;
    expect(page).toMatchObject({ state: 'ready', code: unit('CITYBIKE', 3), unit: { status: 'locked', product: { code: 'CITYBIKE' } } });
    expect(page.unit!.history).toEqual([
      expect.objectContaining({ order_id: order.id, order_number: order.number, id_order_detail: order.line, datetime_delivery: expect.any(String), datetime_return: expect.any(String) }),
    ]);
    expect(page.problems).toEqual([expect.objectContaining({ description: 'Gomma forata', resolved_at: null })]);

    // Unlocking from the page: the problem stays listed, now resolved.
    await store.unlockInventoryUnit(unit('CITYBIKE', 3));
    const after = store.$productUnit.get()!;
    expect(after.unit).toMatchObject({ status: 'available', open_problems: [] });
    expect(after.problems).toEqual([expect.objectContaining({ description: 'Gomma forata', resolved_at: expect.any(String) })]);

    // A problem reported from the page shows there at once.
    expect(await store.reportProblem(after.unit!, 'Sella strappata')).toMatchObject({ ok: true });
    expect(store.$productUnit.get()!.unit).toMatchObject({ status: 'locked' });
    expect(store.$productUnit.get()!.problems.map((p) => p.description)).toEqual(['Sella strappata', 'Gomma forata']);
    await store.unlockInventoryUnit(unit('CITYBIKE', 3));
  });

  it("is missing, with the server's message, when no unit of the shop has the code", async () => {
    await store.openProductUnit('S06-NOPE-99');
    expect(store.$productUnit.get()).toMatchObject({ state: 'missing', code: 'S06-NOPE-99', unit: null, error: 'Risorsa non trovata' });
    // Another shop's unit is just as unknown here.
    await store.openProductUnit(unit('CIASPOLE', 1, 1));
    expect(store.$productUnit.get()!.state).toBe('missing');
  });
});

describe('the lookup of a scanned code', () => {
  it('finds a code however it was typed, and says why not otherwise', async () => {
    expect(await store.lookupUnit(`  ${unit('MTB', 2).toLowerCase()}\t`)).toEqual({ found: true, code: unit('MTB', 2) });
    expect(await store.lookupUnit('S06-NOPE-99')).toEqual({ found: false, reason: 'unknown', code: 'S06-NOPE-99', message: 'Risorsa non trovata' });
    expect(await store.lookupUnit('   ')).toEqual({ found: false, reason: 'empty', code: '', message: '' });
    expect(requests.filter((r) => r.includes('NOPE') || r.endsWith('/specific_products/'))).toHaveLength(1);
    apiDown = true;
    expect(await store.lookupUnit(unit('MTB', 2))).toMatchObject({ found: false, reason: 'error', message: { key: 'errors.network' } });
  });
});
