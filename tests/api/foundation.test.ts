import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createApp } from '~server/app';
import type { Database } from '~server/db/client';
import { sports, appMeta, orders } from '~server/db/schema/index';
import { seed, seededVersion, SEED_VERSION } from '~server/db/seed/index';
import { createDeps } from '~server/deps';
import { testConfig, testSeedOptions } from '../support/config';
import { testDrivers } from '../support/databases';
import { answer, refusal } from '../support/contract';
import { HealthResponseSchema, MessageResponseSchema } from '~/api/contract/index';

describe.each(testDrivers)('database foundation on $name', (driver) => {
  let database: Database;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ database, dispose } = await driver.create());
  });
  afterAll(() => dispose());

  it('applies the migrations (tables exist, empty)', async () => {
    const rows = await database.db.select().from(sports);
    expect(rows).toEqual([]);
    expect(await seededVersion(database.db)).toBeNull();
  });

  it('round-trips a row through the schema', async () => {
    await database.db.insert(appMeta).values({ key: 'probe', value: 'è ok – ünïcode' });
    const [row] = await database.db.select().from(appMeta).where(eq(appMeta.key, 'probe'));
    expect(row?.value).toBe('è ok – ünïcode');
    expect(row?.updatedAt).toBeInstanceOf(Date);
  });

  it('seeds once and is idempotent', async () => {
    expect(await seed(database.db, new Date(), testSeedOptions())).toBe(true);
    const ordersAfterFirst = (await database.db.select().from(orders)).length;
    expect(await seed(database.db, new Date(), testSeedOptions())).toBe(false);
    const rows = await database.db.select().from(sports);
    expect(rows.map((r) => r.slug).sort()).toEqual(
      ['arrampicata', 'biciclette', 'ciaspole', 'sci', 'sci-alpinismo', 'snowboard'],
    );
    expect(await seededVersion(database.db)).toBe(SEED_VERSION);
    expect((await database.db.select().from(orders)).length).toBe(ordersAfterFirst);
  });

  const app = async (db = database) => createApp({ ...(await createDeps({ database, config: testConfig({ dataDir: '/tmp/unused' }) })), database: db });

  it('answers GET /api/health with a database round trip', async () => {
    const res = await (await app()).request('/api/health');
    expect(res.status).toBe(200);
    expect(await answer(res, HealthResponseSchema)).toEqual({ data: { status: 'ok', database: driver.name } });
  });

  it('answers unknown API paths with a JSON 404 and no stack trace', async () => {
    const res = await (await app()).request('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(await refusal(res)).toEqual({ message: 'Risorsa non trovata' });
  });

  it('hides internal errors behind a generic 500', async () => {
    const broken = { ...database, db: { execute: () => Promise.reject(new Error('secret detail')) } } as never;
    const res = await (await app(broken)).request('/api/health');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret detail');
    expect(MessageResponseSchema.parse(JSON.parse(text))).toEqual({ message: 'Errore interno del server' });
  });

  it('runs raw SQL on the driver', async () => {
    const result = await database.db.execute(sql`select 1 + 1 as two`);
    expect(JSON.stringify(result)).toContain('2');
  });
});
