// Statements built once (server/db/built-statements.ts): an insert and an update run with their
// values bound through each column's encoder and give the rows drizzle's own builder gives, the
// text is built once for every call, they run in the transaction they are given (a rollback takes
// them back), and a value that is not a placeholder is refused when the statement is built, since
// it would be frozen into the text for every later call.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Database, Db } from '~server/db/client';
import { builtOnce, valueOf } from '~server/db/built-statements';
import { testDrivers } from '~tests/support/databases';

const notes = pgTable('built_statement_notes', {
  id: serial('id').primaryKey(),
  scope: text('scope').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  data: jsonb('data'),
  n: integer('n'),
  holder: text('holder'),
});

const CREATE = `create table built_statement_notes (id serial primary key, scope text not null, at timestamptz not null,
  data jsonb, n integer, holder text)`;

describe.each(testDrivers)('builtOnce on $name', (driver) => {
  let database: Database;
  let dispose: () => Promise<void>;
  // Each driver its own statements: a statement is built with the first database it runs on.
  const builds = { insert: 0, update: 0 };
  const insertNote = builtOnce((db: Db) => {
    builds.insert++;
    return db
      .insert(notes)
      .values({ scope: sql.placeholder('scope'), at: sql.placeholder('at'), data: sql.placeholder('data'), n: sql.placeholder('n'), holder: sql.placeholder('holder') })
      .onConflictDoNothing()
      .returning();
  });
  const finish = builtOnce((db: Db) => {
    builds.update++;
    return db
      .update(notes)
      .set({ data: valueOf<unknown>('data'), at: valueOf<Date>('at'), holder: sql`null` })
      .where(and(eq(notes.scope, sql.placeholder('scope')), eq(notes.holder, sql.placeholder('holder'))))
      .returning({ id: notes.id, data: notes.data, at: notes.at });
  });

  beforeAll(async () => {
    ({ database, dispose } = await driver.create());
    await database.db.execute(sql.raw(CREATE));
  });
  afterAll(() => dispose());

  it('inserts and updates with each column encoded, the rows as drizzle gives them, the text built once', async () => {
    const { db } = database;
    const at = new Date('2026-12-24T08:30:00.000Z');
    const [first] = await insertNote(db, { scope: 'a', at, data: { size: 42, note: "it's" }, n: null, holder: 'run-1' });
    const [second] = await insertNote(db, { scope: 'b', at, data: [1, 2], n: 3, holder: 'run-2' });
    const read = await db.select().from(notes).orderBy(notes.id);
    expect([first, second]).toEqual(read);
    expect(first).toEqual({ id: first!.id, scope: 'a', at, data: { size: 42, note: "it's" }, n: null, holder: 'run-1' });
    const later = new Date('2026-12-25T10:00:00.000Z');
    expect(await finish(db, { scope: 'a', holder: 'run-1', data: { done: true }, at: later })).toEqual([{ id: first!.id, data: { done: true }, at: later }]);
    // Nobody holds it any more: the same update finds nothing.
    expect(await finish(db, { scope: 'a', holder: 'run-1', data: { done: false }, at: later })).toEqual([]);
    expect((await db.select().from(notes).where(eq(notes.id, first!.id)))[0]).toMatchObject({ holder: null, data: { done: true } });
    expect(builds).toEqual({ insert: 1, update: 1 });
  });

  it('binds null as SQL NULL, as drizzle does, not through the column (JSON null, a timestamp)', async () => {
    const { db } = database;
    const [row] = await insertNote(db, { scope: 'nulls', at: new Date('2026-12-26T00:00:00.000Z'), data: null, n: null, holder: 'run-n' });
    expect(row).toMatchObject({ data: null, n: null });
    const sqlNull = async () => (await db.select({ id: notes.id }).from(notes).where(and(eq(notes.scope, 'nulls'), isNull(notes.data)))).length;
    expect(await sqlNull()).toBe(1);
    const missing = builtOnce((tx: Db) => tx.update(notes).set({ at: valueOf<Date>('at') }).where(eq(notes.scope, sql.placeholder('scope'))).returning({ id: notes.id }));
    // A null timestamp is bound as NULL (here refused by the column's NOT NULL), not handed to the
    // column's encoder, whose toISOString would throw a TypeError.
    await expect(missing(db, { scope: 'nulls', at: null })).rejects.not.toBeInstanceOf(TypeError);
    await finish(db, { scope: 'nulls', holder: 'run-n', data: null, at: new Date() });
    expect(await sqlNull()).toBe(1);
  });

  it('runs in the transaction it is given: a rollback takes its rows back', async () => {
    const { db } = database;
    const rolledBack = new Error('rolled back');
    await expect(
      db.transaction(async (tx) => {
        await insertNote(tx as unknown as Db, { scope: 'tx', at: new Date(), data: null, n: 1, holder: 'run-tx' });
        expect(await tx.select().from(notes).where(eq(notes.scope, 'tx'))).toHaveLength(1);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await db.select().from(notes).where(eq(notes.scope, 'tx'))).toEqual([]);
  });

  it('refuses to build a statement with a value that is not a placeholder, or without returning', async () => {
    const frozen = builtOnce((db: Db) => db.insert(notes).values({ scope: 'frozen', at: sql.placeholder('at') }).returning());
    await expect(frozen(database.db, { at: new Date() })).rejects.toThrow(/every value as a placeholder/);
    const silent = vi.fn((db: Db) => db.update(notes).set({ n: valueOf<number>('n') }) as never);
    await expect(builtOnce(silent)(database.db, { n: 1 })).rejects.toThrow(/returns its rows/);
    expect(await database.db.select().from(notes).where(eq(notes.scope, 'frozen'))).toEqual([]);
  });
});
