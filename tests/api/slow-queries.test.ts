// Slow queries are logged with their SQL (placeholders, not values) and duration under the id of
// the request that ran them, on both drivers, for a transaction's queries too; quick ones are not.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timedPgPool, timedPglite } from '~server/db/slow-queries';
import { createLogger, withLogger } from '~server/log';

/** Low enough for a 60 ms sleep to cross it, high enough that `select 1` never does. */
const THRESHOLD_MS = 40;
const SLEEP = 'select pg_sleep(0.06) as slept, $1::text as secret';

interface Runner {
  query(sql: string, params: unknown[]): Promise<unknown>;
  transaction(work: (query: (sql: string, params: unknown[]) => Promise<unknown>) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

async function pgliteRunner(): Promise<Runner> {
  const client = timedPglite(await PGlite.create('memory://'), THRESHOLD_MS);
  return {
    query: (sql, params) => client.query(sql, params),
    transaction: (work) => client.transaction((tx) => work((sql, params) => tx.query(sql, params))).then(() => undefined),
    close: () => client.close(),
  };
}

function postgresRunner(url: string): Runner {
  const pool = timedPgPool({ connectionString: url, max: 2 }, THRESHOLD_MS);
  return {
    query: (sql, params) => pool.query(sql, params),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await work((sql, params) => client.query(sql, params));
        await client.query('commit');
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

const pgUrl = process.env.TEST_DATABASE_URL;
const runners: { name: string; open: () => Promise<Runner> }[] = [
  { name: 'pglite', open: pgliteRunner },
  ...(pgUrl ? [{ name: 'postgres', open: async () => postgresRunner(pgUrl) }] : []),
];

describe.each(runners)('slow query log on $name', ({ open }) => {
  let runner: Runner;
  const captured: string[] = [];
  const root = createLogger({ destination: { write: (line: string) => void captured.push(line) } });
  const lines = () => captured.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
  beforeAll(async () => {
    runner = await open();
    // The pool's first query also opens its connection: not what is measured here.
    await runner.query('select 1', []);
  }, 60_000);
  afterAll(() => runner.close());

  it("logs a query over the threshold with the request's id and the SQL without its values", async () => {
    await withLogger(root.child({ reqId: 'req-slow-1' }), async () => {
      await runner.query('select 1', []);
      await runner.query(SLEEP, ['mario.rossi@example.com']);
    });
    const slow = lines().filter((l) => l.msg === 'slow query');
    expect(slow).toHaveLength(1);
    expect(slow[0]).toMatchObject({ reqId: 'req-slow-1', sql: SLEEP });
    expect(slow[0]!.durationMs).toBeGreaterThanOrEqual(THRESHOLD_MS);
    expect(captured.join('')).not.toContain('mario.rossi@example.com');
  });

  it("times a transaction's queries too", async () => {
    await withLogger(root.child({ reqId: 'req-slow-2' }), () => runner.transaction(async (query) => {
      await query(SLEEP, ['x']);
    }));
    expect(lines().filter((l) => l.msg === 'slow query' && l.reqId === 'req-slow-2')).toHaveLength(1);
  });
});
