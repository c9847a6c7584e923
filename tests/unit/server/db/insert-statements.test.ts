// Inserts whose SQL is built once (server/db/insert-statements.ts): the rows come back as drizzle's
// own insert and select give them, the statement is built once per shape, it runs in the
// transaction it is given, and a default computed in JavaScript is never frozen into a reused text.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { date, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Database } from '~server/db/client';
import { insertReturning } from '~server/db/insert-statements';
import { testDrivers } from '~tests/support/databases';

let tokens = 0;

/** The tables, as new objects for each driver: the statements are kept per table object. */
function tables() {
  const things = pgTable('insert_statement_things', {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    day: date('day'),
    at: timestamp('at', { withTimezone: true }),
    tags: text('tags').array().notNull(),
    data: jsonb('data'),
    n: integer('n').notNull().default(7),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  });
  const stamped = pgTable('insert_statement_stamped', {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    token: text('token')
      .notNull()
      .$defaultFn(() => `t${++tokens}`),
  });
  return { things, stamped };
}

const CREATE = [
  `create table insert_statement_things (id serial primary key, name text not null, day date, at timestamptz,
    tags text[] not null, data jsonb, n integer not null default 7, created_at timestamptz not null default now())`,
  'create table insert_statement_stamped (id serial primary key, name text not null, token text not null)',
];

const row = (name: string) => ({
  name,
  day: '2026-12-24',
  at: new Date('2026-12-24T08:30:00.000Z'),
  tags: ['a', "it's"],
  data: { size: 42, note: 'x' },
  n: undefined,
});

describe.each(testDrivers)('insertReturning on $name', (driver) => {
  let database: Database;
  let dispose: () => Promise<void>;
  const { things, stamped } = tables();

  beforeAll(async () => {
    ({ database, dispose } = await driver.create());
    for (const statement of CREATE) await database.db.execute(sql.raw(statement));
  });
  afterAll(() => dispose());

  it('gives the rows drizzle gives, with each column decoded and the defaults applied', async () => {
    const { db } = database;
    const ours = await insertReturning(db, things, [row('one'), row('two')]);
    const theirs = await db.insert(things).values([row('three'), row('four')]).returning();
    const read = await db.select().from(things).orderBy(asc(things.id));
    expect(ours).toEqual(read.slice(0, 2));
    expect(theirs).toEqual(read.slice(2, 4));
    const strip = ({ id: _id, createdAt: _createdAt, name: _name, ...rest }: (typeof read)[number]) => rest;
    expect(ours.map(strip)).toEqual(theirs.map(strip));
    expect(ours[0]).toMatchObject({ name: 'one', n: 7, day: '2026-12-24', tags: ['a', "it's"], data: { size: 42, note: 'x' } });
    expect(ours[0]!.at).toEqual(new Date('2026-12-24T08:30:00.000Z'));
    expect(ours[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('builds a shape once, another row count or column set apart', async () => {
    const { db } = database;
    const build = vi.spyOn(db, 'insert');
    try {
      await insertReturning(db, things, [{ name: 'five', tags: [] }]);
      await insertReturning(db, things, [{ name: 'six', tags: ['b'] }]);
      await insertReturning(db, things, [{ name: 'seven', tags: [], n: 1 }]);
      await insertReturning(db, things, [{ name: 'eight', tags: [], n: 2 }]);
      expect(build).toHaveBeenCalledTimes(2);
    } finally {
      build.mockRestore();
    }
    const names = await db.select({ name: things.name, n: things.n }).from(things).where(sql`${things.name} in ('five', 'six', 'seven', 'eight')`).orderBy(asc(things.id));
    expect(names).toEqual([
      { name: 'five', n: 7 },
      { name: 'six', n: 7 },
      { name: 'seven', n: 1 },
      { name: 'eight', n: 2 },
    ]);
  });

  it('runs in the transaction it is given', async () => {
    const { db } = database;
    await expect(
      db.transaction(async (tx) => {
        const [inserted] = await insertReturning(tx as never, things, [{ name: 'rolled back', tags: [] }]);
        expect(inserted!.name).toBe('rolled back');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.select().from(things).where(sql`${things.name} = 'rolled back'`)).toEqual([]);
  });

  it('never reuses a statement holding a default computed in JavaScript', async () => {
    const { db } = database;
    const first = await insertReturning(db, stamped, [{ name: 'a' }]);
    const second = await insertReturning(db, stamped, [{ name: 'b' }]);
    expect(first[0]!.token).not.toBe(second[0]!.token);
  });

  it('rows giving different columns go through drizzle as they are', async () => {
    const { db } = database;
    const rows = await insertReturning(db, things, [
      { name: 'nine', tags: [] },
      { name: 'ten', tags: [], n: 3 },
    ]);
    expect(rows.map((r) => [r.name, r.n])).toEqual([
      ['nine', 7],
      ['ten', 3],
    ]);
  });
});
