// npm run db:backup / db:restore for real: a database holding an order with a document (and its
// confirmation mail in the outbox) is backed up by the real command, restored by the real command
// into a fresh data folder (PGlite) or a fresh database (PostgreSQL), and the app started on the
// restored copy serves the same order and the same document bytes. A backup whose schema is newer
// than the code's migrations is refused before anything is written. The PostgreSQL case needs a
// server (TEST_DATABASE_URL): skipped with a warning without it, a failure in CI.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { create } from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, projectRoot, type Database } from '~server/db/client';
import { seed } from '~server/db/seed/index';
import { createDeps } from '~server/deps';
import { createApp } from '~server/app';
import { codeMigrations } from '~server/backup/manifest';
import { REPLACED_POSTGRES_DUMP } from '~server/backup/postgres';
import { testConfig, testSeedOptions } from '../support/config';
import { TEST_ORDER_LIMITS, type TestApi } from '../support/app';
import { requestInit } from '../support/request';
import { PDF_BYTES, day, file, orderForm, pick, postOrder } from '../support/orders';
import { ManualScheduler } from '../support/scheduler';
import { requiredPart } from '../support/required';
import { scratchDirs } from '../support/scratch';

const SHOP = 3; // Riviera Bike Rent: city bikes need no customer details
const CLI_TIMEOUT_MS = 240_000;
const adminUrl = process.env.TEST_DATABASE_URL;
const POSTGRES_TESTS = 'db:backup and db:restore on PostgreSQL';
requiredPart(POSTGRES_TESTS, 'a PostgreSQL server (TEST_DATABASE_URL)', Boolean(adminUrl));
const tempDir = scratchDirs();

/** Runs `npm run db:<command>` as the operator would (the same entry point), never throwing. */
async function cli(command: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(projectRoot, `server/cli/${command}.ts`), ...args], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: '', ...env },
      timeout: CLI_TIMEOUT_MS,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** The app over `database` with its files in `dataDir`, as the API tests drive it. */
async function appOn(database: Database, dataDir: string): Promise<TestApi> {
  const deps = await createDeps({ database, config: testConfig({ dataDir, orderLimits: TEST_ORDER_LIMITS }), schedule: new ManualScheduler().schedule });
  const app = createApp(deps);
  return { deps, dataDir, request: (url: string, init?: Parameters<TestApi['request']>[1]) => Promise.resolve(app.request(url, requestInit(init))) } as TestApi;
}

interface Placed {
  uuid: string;
  number: string;
  mediaUrl: string;
  mails: number;
}

/** One order with a PDF document, placed through the API; its confirmation goes to the outbox. */
async function placeOrderWithDocument(api: TestApi): Promise<Placed> {
  const { main } = await pick(api, SHOP, 'CITYBIKE', { from: day(30), to: day(30) });
  const form = orderForm({ from: day(30), cart: [{ prices: [main.id] }], medias: [{ file: file(PDF_BYTES, 'carta.pdf', 'application/pdf') }] });
  const { status, order, body } = await postOrder(api, SHOP, form);
  expect(status, JSON.stringify(body)).toBe(201);
  const media = await api.request(order.medias[0]!.url);
  expect(Buffer.from(await media.arrayBuffer()).equals(PDF_BYTES)).toBe(true);
  return { uuid: order.uuid, number: String(order.number), mediaUrl: order.medias[0]!.url, mails: files(path.join(api.dataDir, 'outbox')).length };
}

/** The restored app serves the same order and the same document bytes. */
async function expectSameOrder(api: TestApi, placed: Placed) {
  const res = await api.request(`/api/v1/guest/orders/${placed.uuid}`);
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { number: unknown; uuid: string } };
  expect(String(data.number)).toBe(placed.number);
  const media = await api.request(placed.mediaUrl);
  expect(media.status).toBe(200);
  expect(Buffer.from(await media.arrayBuffer()).equals(PDF_BYTES)).toBe(true);
  expect(files(path.join(api.dataDir, 'outbox'))).toHaveLength(placed.mails);
}

const files = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
const backupIn = (dir: string) => path.join(dir, files(dir).find((f) => /^rentalp-backup-.*\.tar\.gz$/.test(f))!);

describe('db:backup and db:restore on PGlite', () => {
  it('restores the orders, documents and outbox into a fresh data folder; refuses while the folder is open, and over data', async () => {
    const source = tempDir('backup-src-');
    const out = tempDir('backup-out-');
    const database = await openDatabase({ dataDir: path.join(source, 'db') });
    let placed: Placed;
    try {
      await database.migrate();
      await seed(database.db, new Date(), testSeedOptions());
      placed = await placeOrderWithDocument(await appOn(database, source));
      expect(placed.mails).toBeGreaterThan(0);
      // This process holds the folder, as a running `npm start` would.
      const busy = await cli('backup', ['--out', out], { DATA_DIR: source });
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain(`${path.join(source, 'db')} is in use by another process (pid ${process.pid}`);
      expect(busy.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await database.close();
    }

    const backup = await cli('backup', ['--out', out], { DATA_DIR: source });
    expect(backup.code, backup.stderr).toBe(0);
    const archive = backupIn(out);
    expect(path.basename(archive)).toMatch(/^rentalp-backup-pglite-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    // Every customer's data and documents: readable by the owner only, whatever the umask.
    expect(statSync(archive).mode & 0o777).toBe(0o600);

    const target = tempDir('backup-dst-');
    const restore = await cli('restore', [archive], { DATA_DIR: target });
    expect(restore.code, restore.stderr).toBe(0);
    const restored = await openDatabase({ dataDir: path.join(target, 'db') });
    try {
      await restored.migrate();
      await expectSameOrder(await appOn(restored, target), placed);
    } finally {
      await restored.close();
    }

    const again = await cli('restore', [archive], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`The restore would overwrite ${path.join(target, 'db')}`);
    expect(again.stderr).toContain('nothing was changed');
  }, 600_000);
});

describe.skipIf(!adminUrl)(POSTGRES_TESTS, () => {
  const created: string[] = [];
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const freshDatabase = async () => {
    const name = `backup_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    created.push(name);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  afterAll(async () => {
    for (const name of created) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('backs up while the app runs and restores into a fresh database; --force replaces a database that holds data', async () => {
    const sourceUrl = await freshDatabase();
    const source = tempDir('backup-pg-src-');
    const out = tempDir('backup-pg-out-');
    const database = await openDatabase({ url: sourceUrl });
    let placed: Placed;
    try {
      await database.migrate();
      await seed(database.db, new Date(), testSeedOptions());
      placed = await placeOrderWithDocument(await appOn(database, source));
      // pg_dump reads one snapshot: the running app's open connections are no obstacle.
      const backup = await cli('backup', ['--out', out], { DATA_DIR: source, DATABASE_URL: sourceUrl });
      expect(backup.code, backup.stderr).toBe(0);
    } finally {
      await database.close();
    }
    const archive = backupIn(out);
    expect(path.basename(archive)).toMatch(/^rentalp-backup-postgres-/);

    const targetUrl = await freshDatabase();
    const target = tempDir('backup-pg-dst-');
    const restore = await cli('restore', [archive], { DATA_DIR: target, DATABASE_URL: targetUrl });
    expect(restore.code, restore.stderr).toBe(0);
    const check = async () => {
      const restored = await openDatabase({ url: targetUrl });
      try {
        await restored.migrate();
        await expectSameOrder(await appOn(restored, target), placed);
      } finally {
        await restored.close();
      }
    };
    await check();

    const refused = await cli('restore', [archive], { DATA_DIR: target, DATABASE_URL: targetUrl });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/The restore would overwrite the database DATABASE_URL names \(\d+ tables\)/);
    const forced = await cli('restore', [archive, '--force'], { DATA_DIR: target, DATABASE_URL: targetUrl });
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain(`moved to ${path.join(target, 'replaced-')}`);
    // The tables --force dropped are kept as a dump beside the folders moved aside.
    const aside = readdirSync(target).filter((name) => name.startsWith('replaced-'));
    expect(aside).toHaveLength(1);
    expect(existsSync(path.join(target, aside[0]!, REPLACED_POSTGRES_DUMP))).toBe(true);
    await check();
  }, 600_000);
});

describe('db:restore of a backup from newer code', () => {
  it('is refused with a clear message, exit 1, and writes nothing', async () => {
    const staging = tempDir('backup-newer-');
    const last = codeMigrations().at(-1)!;
    const manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database: 'pglite',
      schema: { lastMigration: '9999_from_the_future', when: last.when + 1, applied: 9999 },
      files: { uploads: 0, outbox: 0 },
    };
    writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest));
    mkdirSync(path.join(staging, 'database'));
    writeFileSync(path.join(staging, 'database/pglite-data.tar'), 'not looked at');
    const archive = path.join(tempDir('backup-newer-out-'), 'rentalp-backup-pglite-newer.tar.gz');
    await create({ gzip: true, file: archive, cwd: staging }, ['manifest.json', 'database']);

    const target = tempDir('backup-newer-dst-');
    const restore = await cli('restore', [archive], { DATA_DIR: target });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(`schema (9999_from_the_future) is newer than this code's migrations (last: ${last.tag})`);
    expect(restore.stderr).not.toMatch(/\n\s+at /);
    expect(files(target)).toEqual([]);
    expect(readFileSync(archive).length).toBeGreaterThan(0);
  }, 120_000);
});
