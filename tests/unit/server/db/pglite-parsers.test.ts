// drizzle's per-query parsers are kept in the PGlite client's own table instead
// (server/db/pglite-parsers.ts): the set must be drizzle's exactly, the rows must come back as
// drizzle reads them without it, and PGlite must no longer be handed the set per query (the copy
// that cost 0.24 ms a query).
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIZZLE_TEXT_TYPES, withDrizzleTextTypes } from '~server/db/pglite-parsers';

/** Every type drizzle reads as text, and an array of each that has one. */
const ROW = sql`select
  timestamp '2026-12-24 08:30:00' as ts,
  timestamptz '2026-12-24 08:30:00+01' as tstz,
  interval '1 day 2 hours' as iv,
  date '2026-12-24' as day,
  array[1.5, 2.25]::numeric[] as numbers,
  array[timestamp '2026-12-24 08:30:00'] as tss,
  array[timestamptz '2026-12-24 08:30:00+01'] as tstzs,
  array[interval '3 days'] as ivs,
  array[date '2026-12-24', date '2026-12-25'] as days,
  42 as n,
  true as yes`;

// One PGlite for the file (each takes seconds to start): its `query` records the options each
// call brings; drizzle on the bare client is the reference, drizzle on the wrapped one the subject.
let client: PGlite;
let wrapped: PGlite;
const seen: (QueryOptions | undefined)[] = [];
beforeAll(async () => {
  client = await PGlite.create();
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
    seen.push(options);
    return query(text, params, options);
  }) as PGlite['query'];
  wrapped = withDrizzleTextTypes(client);
});
afterAll(() => client.close());

describe('drizzle text types kept in the PGlite client', () => {
  it('are exactly the parsers drizzle sends with each query, and those return the text as is', async () => {
    seen.length = 0;
    await drizzle(client).execute(ROW);
    const parsers = seen[0]?.parsers ?? {};
    expect(Object.keys(parsers).map(Number).sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort());
    for (const parse of Object.values(parsers)) expect(parse('2026-12-24 08:30:00')).toBe('2026-12-24 08:30:00');
  });

  it('read the rows as drizzle does, without handing PGlite the set per query', async () => {
    const expected = (await drizzle(client).execute(ROW)).rows;
    seen.length = 0;
    const db = drizzle(wrapped);

    expect((await db.execute(ROW)).rows).toEqual(expected);
    expect(expected[0]).toMatchObject({ ts: '2026-12-24 08:30:00', day: '2026-12-24', tss: '{"2026-12-24 08:30:00"}', n: 42, yes: true });
    expect(seen.length).toBeGreaterThan(0);
    for (const options of seen) expect(options?.parsers).toBeUndefined();
  });

  it('do the same inside a transaction, whose state stays live; another set of parsers is kept', async () => {
    const expected = (await drizzle(client).execute(ROW)).rows;
    expect((await drizzle(wrapped).transaction(async (tx) => tx.execute(ROW))).rows).toEqual(expected);

    const marked = (types: readonly number[]) => Object.fromEntries(types.map((type) => [type, (value: string) => `parsed ${value}`]));
    const timestamp = "select timestamp '2026-12-24 08:30:00' as ts";
    let transaction: Transaction | undefined;
    const read = await wrapped.transaction(async (tx) => {
      transaction = tx;
      expect(tx.closed).toBe(false);
      const asDrizzle = await tx.query<{ ts: string }>(timestamp, [], { parsers: marked(DRIZZLE_TEXT_TYPES) });
      const another = await tx.query<{ ts: string }>(timestamp, [], { parsers: marked([1114]) });
      return [asDrizzle.rows[0]!.ts, another.rows[0]!.ts];
    });
    // drizzle's set is left out (the client's own table reads the row); any other set is used.
    expect(read).toEqual(['2026-12-24 08:30:00', 'parsed 2026-12-24 08:30:00']);
    expect(transaction!.closed).toBe(true);
  });
});
