// Most test APIs open a copy of the run's seeded template instead of seeding their own
// (tests/setup/database-templates.ts): the copy must hold what seeding holds, table by table, and
// an API with its own clock or without demo records must still seed its own.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../support/app';
import { templatesSeededAt, testDrivers } from '../support/databases';

async function rowCounts(api: TestApi): Promise<Record<string, number>> {
  const { db } = api.deps.database;
  const tables = (await db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)) as unknown as { rows: { tablename: string }[] };
  const counts: Record<string, number> = {};
  for (const { tablename } of tables.rows) {
    const result = (await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(tablename)}`)) as unknown as { rows: { n: number }[] };
    counts[tablename] = Number(result.rows[0]!.n);
  }
  return counts;
}

describe.each(testDrivers)('test APIs from the seeded template ($name)', (driver) => {
  const apis: TestApi[] = [];
  const make = async (options?: Parameters<typeof createTestApi>[1]) => {
    const api = await createTestApi(driver, options);
    apis.push(api);
    return api;
  };
  afterAll(() => Promise.all(apis.map((api) => api.dispose())));

  it('hold, table by table, what an API that seeds its own holds', async () => {
    const copied = await make();
    // Its own clock (the same instant): seeds its own database.
    const seeded = await make({ now: new Date() });
    // Inside a Vitest run the templates exist; the copy is used the day they were seeded.
    expect(templatesSeededAt()).not.toBeNull();
    expect(copied.fromSeededTemplate).toBe(true);
    expect(seeded.fromSeededTemplate).toBe(false);
    const counts = await rowCounts(copied);
    expect(counts).toEqual(await rowCounts(seeded));
    // The demo records are there: shops, products, the demo orders.
    expect(counts.shops).toBeGreaterThan(0);
    expect(counts.orders).toBeGreaterThan(0);
  }, 120_000);

  it('are not used without demo records: those APIs seed their own', async () => {
    const api = await make({ demo: false });
    expect(api.fromSeededTemplate).toBe(false);
    expect((await rowCounts(api)).orders).toBe(0);
  }, 120_000);
});
