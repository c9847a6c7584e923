// Named statements in front of PGlite (server/db/pglite-statements.ts): rows and errors as PGlite's
// own query gives them, a text parsed once, rollbacks that keep statements, schema changes that
// drop them, and a bounded number kept in PostgreSQL.
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementCache, withPreparedStatements } from '~server/db/pglite-statements';
import { isUniqueViolation } from '~server/db/errors';

/** The Parse message's type byte: counting them counts what PostgreSQL had to parse. */
const PARSE = 'P'.charCodeAt(0);

// One PGlite for the file (each takes seconds to start).
let client: PGlite;
let parses = 0;
beforeAll(async () => {
  client = await PGlite.create();
  const stream = client.execProtocolStream.bind(client);
  client.execProtocolStream = ((message: Uint8Array, options) => {
    // Messages are type byte + 4-byte length; walk them and count the parses.
    for (let at = 0; at < message.length; at += 1 + new DataView(message.buffer, message.byteOffset + at + 1, 4).getInt32(0)) {
      if (message[at] === PARSE) parses++;
    }
    return stream(message, options);
  }) as PGlite['execProtocolStream'];
  await client.exec(`create table item (id serial primary key, name text unique, size text, data jsonb, day date, at timestamptz, ok boolean, tags text[])`);
});
afterAll(() => client.close());

const INSERT = 'insert into item (name, size, data, day, at, ok, tags) values ($1, $2, $3, $4, $5, $6, $7) returning *';
const ROW = ['ski', null, { height: 180 }, '2026-12-24', new Date('2026-12-24T08:30:00Z'), true, ['a', 'b"c']];
const preparedCount = async () => (await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

describe('named statements in front of PGlite', () => {
  it('return the rows, fields and counts PGlite returns, the text parsed once', async () => {
    const named = withPreparedStatements(client);
    const expected = await client.query<Record<string, unknown>>(INSERT, ['boot', ...ROW.slice(1)]);
    const first = await named.query<Record<string, unknown>>(INSERT, ROW);
    expect({ ...first.rows[0], id: 0 }).toEqual({ ...expected.rows[0], id: 0, name: 'ski' });
    expect(first.fields).toEqual(expected.fields);
    expect(first.affectedRows).toBe(1);

    parses = 0;
    const select = 'select name, data, tags, ok from item where name = any($1) order by name';
    const rows = await named.query(select, [['ski', 'boot']], { rowMode: 'array' });
    const again = await named.query(select, [['ski']], { rowMode: 'array' });
    expect(rows.rows).toEqual((await client.query(select, [['ski', 'boot']], { rowMode: 'array' })).rows);
    expect(again.rows).toEqual([['ski', { height: 180 }, ['a', 'b"c'], true]]);
    // The plain query above parsed once more; the named one twice used, parsed once.
    expect(parses).toBe(2);

    const update = await named.query('update item set size = $1 where name = $2', ['L', 'nothing']);
    expect(update).toMatchObject({ rows: [], affectedRows: 0 });
  });

  it('keep PostgreSQL error codes, and the connection answers after an error in or out of a transaction', async () => {
    const named = withPreparedStatements(client);
    await named.query('insert into item (name) values ($1)', ['pole']);
    const duplicate = await named.query('insert into item (name) values ($1)', ['pole']).catch((err: unknown) => err);
    expect(isUniqueViolation(duplicate)).toBe(true);
    // drizzle wraps the driver's error; the code is still found.
    const viaDrizzle = await drizzle(named).execute(sql`insert into item (name) values (${'pole'})`).catch((err: unknown) => err);
    expect(isUniqueViolation(viaDrizzle)).toBe(true);

    const failed = await named
      .transaction(async (tx) => {
        await tx.query('insert into item (name) values ($1)', ['helmet']);
        await tx.query('insert into item (name) values ($1)', ['pole']);
      })
      .catch((err: unknown) => err);
    expect(isUniqueViolation(failed)).toBe(true);
    // Rolled back, and the statements prepared inside it are still there to use.
    const helmet = await named.query('select count(*)::int as n from item where name = $1', ['helmet']);
    expect(helmet.rows).toEqual([{ n: 0 }]);
    await expect(named.query('insert into item (name) values ($1)', ['helmet'])).resolves.toMatchObject({ affectedRows: 1 });

    const syntax = await named.query('select nonsense from where $1', [1]).catch((err: unknown) => err);
    expect((syntax as { code?: string }).code).toBe('42601');
    await expect(named.query('select $1::int + 1 as n', [1])).resolves.toMatchObject({ rows: [{ n: 2 }] });
  });

  it('refuse a statement on a finished transaction, as PGlite does', async () => {
    const named = withPreparedStatements(client);
    let kept: Transaction | undefined;
    await named.transaction(async (tx) => {
      kept = tx;
      await tx.query('select $1::int as n', [1]);
    });
    await expect(kept!.query('select $1::int as n', [1])).rejects.toThrow('Transaction is closed');
  });

  it('forget their plans when the schema changes, so a changed table reads as it is now', async () => {
    const named = withPreparedStatements(client);
    const all = 'select * from item where name = $1';
    expect(Object.keys((await named.query(all, ['ski'])).rows[0]!)).not.toContain('colour');
    await named.exec('alter table item add column colour text');
    expect((await named.query(all, ['ski'])).rows[0]).toMatchObject({ name: 'ski', colour: null });
    await named.query('alter table item drop column colour');
    expect(Object.keys((await named.query(all, ['ski'])).rows[0]!)).not.toContain('colour');
  });

  it('keep at most their bound in PostgreSQL, closing the least recently used', async () => {
    const cache = new StatementCache(client, 2);
    const named = withPreparedStatements(client, cache);
    await named.exec('deallocate all');
    const before = await preparedCount();
    for (const n of [1, 2, 3, 4]) await named.query(`select $1::int + ${n} as n`, [n]);
    expect(cache.size).toBe(2);
    // The two closed are closed with the next preparation.
    await named.query('select $1::int as n', [5]);
    expect(await preparedCount()).toBe(before + 2);
    expect(cache.size).toBe(2);
  });
});
