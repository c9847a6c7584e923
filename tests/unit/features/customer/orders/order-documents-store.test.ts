// The order page's documents after booking (src/features/customer/orders/stores/order-documents.ts)
// against the real API: the app's client over a fetch that reaches a real Hono app on a fresh
// PGlite database, logged in as the order's owner. A replacement leaves only the new document; the
// documents folder failing (a file standing where it should be: the server's 503) keeps the chosen
// file for a retry, which stores it once the folder is back.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestStorageEngine } from '@nanostores/persistent';
import { getT } from '~/i18n/server';
import { testDrivers } from '~tests/support/databases';
import { seededApi, type TestApi } from '~tests/support/app';
import { PDF_BYTES, PNG_BYTES, day, login } from '~tests/support/orders';
import { placeOrder } from '~tests/support/staff';

const server = vi.hoisted(() => ({ api: null as TestApi | null, token: null as string | null, requests: [] as string[] }));

vi.mock('~/stores/api', async () => ({ api: (await import('~tests/support/fake-api-client')).testApiClient(server) }));

useTestStorageEngine();
const { $orderPage, showOrder } = await import('~/features/customer/orders/stores/orders');
const { $orderDocuments, resetOrderDocuments, retryOrderDocument, storeOrderDocument } = await import(
  '~/features/customer/orders/stores/order-documents'
);
const en = getT('en');

const pdf = (name: string) => new File([PDF_BYTES], name, { type: 'application/pdf' });
const png = (name: string) => new File([PNG_BYTES], name, { type: 'image/png' });
const shownNames = () => $orderPage.get().order!.medias.map((m) => m.name);

let offset = 40;
/** A new order of the owner, shown on the page as the order page shows it. */
async function showNewOrder(withDocument = false) {
  const order = await placeOrder(server.api!, {
    from: day(offset++),
    token: server.token!,
    medias: withDocument ? [{ file: new File([PDF_BYTES], 'vecchio.pdf', { type: 'application/pdf' }) }] : [],
  });
  await showOrder(order.uuid, null, () => undefined).loaded;
  server.requests.length = 0;
  return order;
}

describe('order documents after booking', () => {
  server.api = seededApi(testDrivers[0]!);
  beforeAll(async () => {
    server.token = await login(server.api!);
  }, 120_000);
  beforeEach(() => {
    resetOrderDocuments();
    server.requests.length = 0;
  });

  it('adds a document: the page shows the order with it', async () => {
    const order = await showNewOrder();
    expect(await storeOrderDocument(pdf('patente.pdf'))).toEqual({ kind: 'added' });
    expect(shownNames()).toEqual(['patente.pdf']);
    expect($orderDocuments.get()).toEqual({ busy: false, pending: null, problem: null });
    expect(server.requests).toEqual([`POST /api/v1/orders/${order.uuid}/media`]);
  });

  it('replaces a document: the new one is stored before the old one is deleted, and only it is left', async () => {
    const order = await showNewOrder(true);
    const old = order.medias[0]!;
    expect(await storeOrderDocument(png('nuovo.png'), old.id)).toEqual({ kind: 'replaced' });
    expect(server.requests).toEqual([`POST /api/v1/orders/${order.uuid}/media`, `DELETE /api/v1/media/${old.id}`]);
    expect(shownNames()).toEqual(['nuovo.png']);
    expect($orderPage.get().order!.medias[0]!.front).toBe(true);
    // What the server holds, read again.
    await showOrder(order.uuid, null, () => undefined).loaded;
    expect(shownNames()).toEqual(['nuovo.png']);
  });

  it('a file over 8 MB is refused before any request, the document kept', async () => {
    const order = await showNewOrder(true);
    const big = new File([PDF_BYTES, new Uint8Array(8 * 1024 * 1024)], 'grande.pdf', { type: 'application/pdf' });
    expect(await storeOrderDocument(big, order.medias[0]!.id)).toEqual({ kind: 'tooLarge' });
    expect(server.requests).toEqual([]);
    expect(shownNames()).toEqual(['vecchio.pdf']);
    expect($orderDocuments.get().problem).toEqual({ target: order.medias[0]!.id, outcome: { kind: 'tooLarge' } });
  });

  it("a file that is no image or PDF: the server's message, nothing kept to send again", async () => {
    await showNewOrder();
    const text = new File(['just text'], 'documento.pdf', { type: 'application/pdf' });
    const outcome = await storeOrderDocument(text);
    expect(outcome).toEqual({ kind: 'refused', message: en('api.fileType') });
    expect($orderDocuments.get().pending).toBeNull();
    expect(shownNames()).toEqual([]);
  });

  it('the documents folder unavailable (503): says so, keeps the file and the old document; the retry stores it', async () => {
    const order = await showNewOrder(true);
    const old = order.medias[0]!;
    const folder = server.api!.deps.uploadsDir;
    const blocker = path.join(server.api!.dataDir, 'not-a-folder');
    writeFileSync(blocker, 'a file where the documents folder should be');
    server.api!.deps.uploadsDir = path.join(blocker, 'uploads');
    const chosen = png('nuova-carta.png');
    try {
      const outcome = await storeOrderDocument(chosen, old.id);
      expect(outcome).toEqual({ kind: 'unavailable', message: en('api.documentsUnavailable') });
      expect($orderDocuments.get()).toEqual({ busy: false, pending: { target: old.id, file: chosen }, problem: { target: old.id, outcome } });
      // Nothing was deleted: the old document is still the order's.
      expect(server.requests).toEqual([`POST /api/v1/orders/${order.uuid}/media`]);
      expect(shownNames()).toEqual(['vecchio.pdf']);
    } finally {
      server.api!.deps.uploadsDir = folder;
    }
    expect(await retryOrderDocument()).toEqual({ kind: 'replaced' });
    expect(shownNames()).toEqual(['nuova-carta.png']);
    expect($orderDocuments.get().pending).toBeNull();
  });
});
