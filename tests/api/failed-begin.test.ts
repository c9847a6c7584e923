// A transaction whose BEGIN fails on a connection that died (PostgreSQL restarted between two uses
// of the pooled client) gives its client back: the pool of one serves the next transaction at
// once, and closing it returns. Without server/db/failed-begin.ts drizzle kept the client taken for
// good, and the next transaction waited for the pool's connect timeout.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '~server/db/client';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL: a transaction whose BEGIN fails', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('gives its client back, so a pool of one serves the next transaction and closes', async () => {
    database = await openDatabase({ url, poolSize: 1 });
    const pool = (database as unknown as { pool: import('pg').Pool }).pool;
    const { db } = database;
    await db.execute(sql`select 1`);
    // The connection drops right after the client is handed out, before BEGIN reaches it.
    pool.once('acquire', (client: import('pg').PoolClient & { connection: { stream: { destroy(): void } } }) => client.connection.stream.destroy());
    await expect(db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    expect(pool.totalCount - pool.idleCount).toBe(0);
    // The pool's only slot is free again: a new connection, a transaction, a commit.
    const answer = (await db.transaction((tx) => tx.execute(sql`select 2 as n`))) as unknown as { rows: { n: number }[] };
    const [row] = answer.rows;
    expect(row?.n).toBe(2);
    // A transaction that fails after BEGIN is given back once, as before (drizzle's finally).
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(pool.totalCount - pool.idleCount).toBe(0);
    const closing = database.close();
    database = undefined;
    await expect(closing).resolves.toBeUndefined();
  }, 20_000);
});
