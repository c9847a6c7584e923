// Liveness apart from readiness: /health/live answers while the process runs, whatever the
// database does; /health/ready answers 200 only when the database answers and every migration is
// applied, 503 otherwise (database unreachable: a closed PGlite, a PostgreSQL URL to a closed
// port; migrations pending: the newest one's record removed, or no record table). /health keeps its answer.
import { sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { createApp } from '~server/app';
import { openDatabase, type Database } from '~server/db/client';
import { HealthResponseSchema, LivenessResponseSchema, ReadinessResponseSchema } from '~/api/contract/health';
import { answer } from '../support/contract';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { requestInit } from '../support/request';
import { freePort } from '../support/free-port';

const SERVICE_UNAVAILABLE = 503;

/** A readiness answer, 200 or 503, parsed with its contract schema. */
const readinessOf = async (res: Response) => z.parse(ReadinessResponseSchema, await res.json()).data;


describe.each(testDrivers)('health endpoints on $name', (driver) => {
  const api = seededApi(driver);

  /** The API over another database, the rest as the test API's. */
  const over = (database: Database) => {
    const app = createApp({ ...api.deps, database });
    return (path: string) => Promise.resolve(app.request(path, requestInit()));
  };

  it('answers live, ready and the old health check while all is well', async () => {
    expect((await answer(await api.request('/api/health/live'), LivenessResponseSchema)).data).toEqual({ status: 'ok' });
    const ready = await api.request('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(await readinessOf(ready)).toEqual({ status: 'ready', database: 'ok', migrations: 'applied' });
    expect((await answer(await api.request('/api/health'), HealthResponseSchema)).data).toEqual({ status: 'ok', database: driver.name });
  });

  it('is not ready while a migration is pending, and live all the same', async () => {
    const { database, dispose } = await driver.create();
    try {
      await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
      const request = over(database);
      const ready = await request('/api/health/ready');
      expect(ready.status).toBe(SERVICE_UNAVAILABLE);
      expect(await readinessOf(ready)).toEqual({ status: 'not_ready', database: 'ok', migrations: 'pending' });
      expect((await request('/api/health/live')).status).toBe(200);
    } finally {
      await dispose();
    }
  }, 60_000);

  it('is not ready on a database never migrated (no record table)', async () => {
    const { database, dispose } = await driver.create();
    try {
      await database.db.execute(sql`alter table drizzle.__drizzle_migrations rename to migrations_aside`);
      const ready = await over(database)('/api/health/ready');
      expect(ready.status).toBe(SERVICE_UNAVAILABLE);
      expect(await readinessOf(ready)).toEqual({ status: 'not_ready', database: 'ok', migrations: 'pending' });
    } finally {
      await dispose();
    }
  }, 60_000);

  it('is not ready when the database cannot be reached, and live all the same', async () => {
    let database: Database;
    if (driver.name === 'pglite') {
      database = await openDatabase({ dataDir: 'memory://' });
      await database.migrate();
      await database.close();
    } else {
      database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${await freePort()}/test` });
    }
    try {
      const request = over(database);
      const ready = await request('/api/health/ready');
      expect(ready.status).toBe(SERVICE_UNAVAILABLE);
      expect(await readinessOf(ready)).toEqual({ status: 'not_ready', database: 'unreachable', migrations: 'unknown' });
      expect((await request('/api/health/live')).status).toBe(200);
    } finally {
      if (driver.name === 'postgres') await database.close();
    }
  }, 60_000);
});
