// The documents folder unable to take a file, for real: a file standing where the folder should be
// (ENOTDIR / EEXIST, any user), a full disk (a 64 KB tmpfs filled up: ENOSPC) and a read-only one
// (a tmpfs mounted ro: EROFS), the last two where the test may mount (root). Each upload route
// (an order with a document, a document added to an order, an account's document) answers 503
// under api.documentsUnavailable; no order or document row is added, no stray file is left, and
// every document row points at a file that exists.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medias, orders } from '~server/db/schema/index';
import { testDrivers } from '../support/databases';
import { createTestApi, type TestApi } from '../support/app';
import { day, file, orderForm, pick, PNG_BYTES, postOrder, signup } from '../support/orders';
import { SHOP } from '../support/staff';

const EXPECTED_MESSAGE = 'Documents cannot be stored right now: please try again later. Nothing was saved.';
/** Small enough to fill in a moment. */
const TMPFS_SIZE = '64k';

/** A tmpfs mounted at a new folder, or null where mounting is not allowed (not root, a sandbox). */
function mountTmpfs(readOnly: boolean): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'fault-docs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `${readOnly ? 'ro,' : ''}size=${TMPFS_SIZE}`, 'tmpfs', dir], { stdio: 'pipe' });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

function unmount(dir: string | null) {
  if (!dir) return;
  execFileSync('umount', [dir], { stdio: 'pipe' });
  rmSync(dir, { recursive: true, force: true });
}

/** Writes until the file system refuses: a disk that is really full. */
function fill(dir: string) {
  try {
    writeFileSync(path.join(dir, 'filler'), Buffer.alloc(1024 * 1024));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  }
}

describe.each(testDrivers)('documents folder unable to store files, on $name', (driver) => {
  let api: TestApi;
  let token: string;
  let orderRef: string;
  let writable: string;
  const mounts: (string | null)[] = [];

  beforeAll(async () => {
    api = await createTestApi(driver);
    writable = api.deps.uploadsDir;
    token = await signup(api, 'documents-fault@example.com');
    const from = day(5);
    const bike = await pick(api, SHOP, 'CITYBIKE', { from });
    const placed = await postOrder(api, SHOP, orderForm({ from, cart: [{ prices: [bike.main.id] }] }));
    expect(placed.status).toBe(201);
    orderRef = placed.order!.uuid;
  }, 120_000);

  afterAll(async () => {
    api.deps.uploadsDir = writable;
    for (const dir of mounts) unmount(dir);
    await api?.dispose();
  });

  const rows = async () => {
    const { db } = api.deps.database;
    const [o] = await db.select({ n: count() }).from(orders);
    const [m] = await db.select({ n: count() }).from(medias);
    return { orders: o!.n, medias: m!.n };
  };
  const filesIn = (dir: string) => (existsSync(dir) && !dir.endsWith('blocked') ? readdirSync(dir).filter((f) => f !== 'filler').sort() : []);

  /** Every upload route once; each answer with its status and body. */
  async function uploadEverywhere() {
    const from = day(6);
    const bike = await pick(api, SHOP, 'CITYBIKE', { from });
    const document = () => file(PNG_BYTES, 'documento.png', 'image/png');
    const withOrder = await api.request(`/api/v1/shops/${SHOP}/orders`, {
      method: 'POST',
      lang: 'en',
      body: orderForm({ from, email: 'new-order@example.com', cart: [{ prices: [bike.main.id] }], medias: [{ file: document() }] }),
    });
    const added = new FormData();
    added.append('medias[0]', document());
    added.append('medias[1]', document());
    const toOrder = await api.request(`/api/v1/orders/${orderRef}/medias`, { method: 'POST', body: added, lang: 'en' });
    const mine = new FormData();
    mine.append('file', document());
    const toAccount = await api.request('/api/v1/user/media', { method: 'POST', body: mine, token, lang: 'en' });
    return Promise.all([withOrder, toOrder, toAccount].map(async (res) => ({ status: res.status, body: (await res.json()) as { message: string } })));
  }

  async function expectRefusedCleanly(dir: string) {
    const before = await rows();
    const filesBefore = filesIn(dir);
    api.deps.uploadsDir = dir;
    const answers = await uploadEverywhere();
    api.deps.uploadsDir = writable;
    for (const answer of answers) expect(answer).toEqual({ status: 503, body: { message: EXPECTED_MESSAGE } });
    expect(await rows()).toEqual(before);
    expect(filesIn(dir)).toEqual(filesBefore);
  }

  it('a file standing where the folder should be: 503, nothing stored', async () => {
    const blocked = path.join(api.dataDir, 'blocked');
    writeFileSync(blocked, 'not a folder');
    await expectRefusedCleanly(blocked);
    // A subfolder of it too (mkdir meets the file: ENOTDIR).
    await expectRefusedCleanly(path.join(blocked, 'uploads'));
  });

  it('a full disk: 503, and the part of the file written is removed', async (ctx) => {
    const dir = mountTmpfs(false);
    mounts.push(dir);
    if (!dir) return ctx.skip(); // mounting needs root
    fill(dir);
    await expectRefusedCleanly(dir);
  });

  it('a read-only disk: 503, nothing stored', async (ctx) => {
    const dir = mountTmpfs(true);
    mounts.push(dir);
    if (!dir) return ctx.skip();
    await expectRefusedCleanly(dir);
  });

  it('once the folder takes files again, the same uploads succeed and every row has its file', async () => {
    mkdirSync(writable, { recursive: true });
    const answers = await uploadEverywhere();
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const stored = await api.deps.database.db.select({ name: medias.storedName }).from(medias);
    expect(stored.length).toBeGreaterThan(0);
    for (const { name } of stored) expect(existsSync(path.join(writable, name))).toBe(true);
  });
});
