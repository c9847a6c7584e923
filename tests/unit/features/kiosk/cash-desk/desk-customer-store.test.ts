// The cash desk's view of the order's customer (src/features/kiosk/cash-desk/stores/desk-customer.ts):
// the documents as links on the API's host that open for staff, and the loyalty card with holder
// and points, with the real store and the app's API client against the real API (seeded PGlite),
// as the shop's admin totem BARD-02.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestStorageEngine } from '@nanostores/persistent';
import { testDrivers } from '~tests/support/databases';
import { createTestApi, type TestApi } from '~tests/support/app';
import { actAsKiosk, routeFetchToApi } from '../support';
import { PDF_BYTES, PNG_BYTES, day, file, login } from '~tests/support/orders';
import { pair, placeOrder, totemOf } from '~tests/support/staff';

beforeAll(() => {
  useTestStorageEngine();
});

const { createDeskCustomer } = await import('~/features/kiosk/cash-desk/stores/desk-customer');

let api: TestApi;
let adminToken: string;
let mario: string;

beforeAll(async () => {
  api = await createTestApi(testDrivers[0]!);
  adminToken = await pair(api, totemOf('BARD-02').pairingCode);
  mario = await login(api);
}, 120_000);
afterAll(async () => {
  await api.dispose();
});
beforeEach(() => {
  actAsKiosk({ type: 20, code: 'BARD-02' }, adminToken);
  routeFetchToApi(api);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('showDeskCustomer', () => {
  it("lists the order's documents as links staff can open, and the customer's card", async () => {
    const order = await placeOrder(api, {
      from: day(50),
      token: mario,
      medias: [{ file: file(PNG_BYTES, 'carta.png', 'image/png') }, { file: file(PDF_BYTES, 'patente.pdf', 'application/pdf') }],
    });
    const { $deskCustomer, showDeskCustomer } = createDeskCustomer();
    await showDeskCustomer(order).loaded;
    const { documents, card } = $deskCustomer.get();
    expect(card).toEqual({ state: 'ready', card: { number: 'FID-0001', holder_name: 'Mario Rossi', points: 120, discount: 0.1, active: true, verified: true } });
    expect(documents.map((d) => [d.name, d.image])).toEqual([
      ['carta.png', true],
      ['patente.pdf', false],
    ]);
    // Each link opens the document as a browser tab would, without the kiosk's token.
    for (const [i, doc] of documents.entries()) {
      const url = new URL(doc.href);
      expect(url.origin).toBe(new URL('http://localhost').origin);
      const res = await api.request(url.pathname + url.search);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(order.medias[i]!.mime);
    }
  });

  it('a guest order without a card: no card, no documents', async () => {
    const order = await placeOrder(api, { from: day(51) });
    const { $deskCustomer, showDeskCustomer } = createDeskCustomer();
    await showDeskCustomer(order).loaded;
    expect($deskCustomer.get()).toEqual({ documents: [], card: { state: 'none' } });
  });

  it('the answer for an order the page has left is dropped, however late it comes', async () => {
    const first = await placeOrder(api, { from: day(52), token: mario });
    const second = await placeOrder(api, { from: day(52) });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    routeFetchToApi(api, {
      before: async ({ path }) => {
        if (path === `/api/v1/orders/${first.id}/fidelity_card`) await held;
      },
    });
    const { $deskCustomer, showDeskCustomer } = createDeskCustomer();
    const left = showDeskCustomer(first);
    await showDeskCustomer(second).loaded;
    release();
    await left.loaded;
    expect($deskCustomer.get().card).toEqual({ state: 'none' });
  });
});
