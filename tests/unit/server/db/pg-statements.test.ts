// Named statements on node-postgres (server/db/pg-statements.ts): which queries get a name, and on
// a real PostgreSQL (TEST_DATABASE_URL) that a connection parses a text once and answers as before.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '~server/db/client';
import { isUniqueViolation } from '~server/db/errors';
import { statementName, withStatementName } from '~server/db/pg-statements';
import { throwawayDatabase } from '~tests/support/throwaway-database';

describe('which pg queries run as named statements', () => {
  it('names a read or write given with values, the same text always under the same name', () => {
    const text = 'select id from orders where uuid = $1 /* pg-statements test */';
    const [named] = withStatementName([text, ['u']]) as [{ text: string; values: unknown[]; name: string }];
    expect(named).toEqual({ text, values: ['u'], name: expect.stringMatching(/^rentalp_\d+$/) });
    expect(statementName(text)).toBe(named.name);
    expect(statementName(`${text} `)).not.toBe(named.name);

    const callback = () => undefined;
    expect(withStatementName([text, ['u'], callback])).toEqual([{ text, values: ['u'], name: named.name }, callback]);
    // drizzle's form: a config object; its other keys are kept.
    const config = { text, values: ['u'], rowMode: 'array' };
    expect(withStatementName([config])).toEqual([{ ...config, name: named.name }]);
  });

  it('leaves alone what is not a plain read or write with values, and what pg or the caller named', () => {
    const cases: unknown[][] = [
      ['create table t (id int)', []],
      ['select 1'],
      ['select 1', () => undefined],
      ['  truncate orders', []],
      [{ text: 'select $1::int', values: [1], name: 'mine' }],
      [{ text: 'select $1::int', values: [1], submit: () => undefined }],
      [null],
    ];
    for (const args of cases) expect(withStatementName(args)).toBe(args);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('named statements on PostgreSQL', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const throwaway = await throwawayDatabase(adminUrl!, 'pgstatements');
    drop = throwaway.drop;
    // One connection, so every statement below runs on the session whose statements are read.
    database = await openDatabase({ url: throwaway.url, poolSize: 1 });
    await database.db.execute(sql`create table item (id serial primary key, name text unique)`);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  /** The rows of a statement through the API's database (drizzle on the pool). */
  const rows = async (query: SQL) => ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const prepared = async (text: string) => (await rows(sql`select count(*)::int as n from pg_prepared_statements where statement = ${text}`))[0]!.n;

  it('parses a text once per connection, and answers as an unnamed statement would', async () => {
    const insert = (name: string) => rows(sql`insert into item (name) values (${name}) returning id, name`);
    expect(await insert('ski')).toEqual([{ id: 1, name: 'ski' }]);
    expect(await insert('boot')).toEqual([{ id: 2, name: 'boot' }]);
    expect(await prepared('insert into item (name) values ($1) returning id, name')).toBe(1);

    const duplicate = await insert('ski').catch((err: unknown) => err);
    expect(isUniqueViolation(duplicate)).toBe(true);
    // The connection goes on, its statement still prepared.
    expect(await insert('pole')).toEqual([{ id: 4, name: 'pole' }]);

    const broken = await database.db.execute(sql`select nonsense from where ${1}`).catch((err: unknown) => err);
    expect(JSON.stringify(broken)).toContain('42601');
    expect(await rows(sql`select ${2}::int + 1 as n`)).toEqual([{ n: 3 }]);
  });

  it('are not used when switched off (a transaction-mode pooler in front)', async () => {
    const plain = await openDatabase({ url: database.url!, poolSize: 1, namedStatements: false });
    try {
      const run = async (query: SQL) => ((await plain.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
      await run(sql`select name from item where name = ${'ski'}`);
      expect(await run(sql`select count(*)::int as n from pg_prepared_statements`)).toEqual([{ n: 0 }]);
    } finally {
      await plain.close();
    }
  });

  it('reads a table changed after its statement was prepared as it is now', async () => {
    const read = () => rows(sql`select name from item where id = ${1}`);
    expect(await read()).toEqual([{ name: 'ski' }]);
    const before = statementName('select name from item where id = $1');
    await database.db.execute(sql`alter table item add column size text`);
    expect(await read()).toEqual([{ name: 'ski' }]);
    // A column's type changes what the statement returns: PostgreSQL refuses its plan once, and
    // the text is parsed afresh under a new name.
    await database.db.execute(sql`alter table item alter column name type varchar(20)`);
    const refused = await read().catch((err: unknown) => err);
    expect(JSON.stringify(refused)).toContain('0A000');
    expect(statementName('select name from item where id = $1')).not.toBe(before);
    expect(await read()).toEqual([{ name: 'ski' }]);
  });
});
