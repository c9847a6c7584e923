// What a statement costs the embedded database by itself (docs/performance-log.md, "where an
// order's time goes"): PGlite alone on a fresh folder, no API, no drizzle, CPU time of this process per statement
// after a warm-up. What to weigh before changing how an order is written: a round trip's floor, the
// price of `RETURNING *` on a wide row, and an order's writes as separate statements, as one
// statement (a data-modifying WITH) and as several orders in one transaction.
//
//   node --import tsx bench/pglite-statements.ts        (BENCH_STATEMENTS: repetitions, 2000)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const N = Number(process.env.BENCH_STATEMENTS ?? 2000);
const WARM_UP = 200;
/** As wide as the orders table (about 40 columns). */
const WIDE_COLUMNS = 38;
const ORDERS_PER_TRANSACTION = 10;

const folder = mkdtempSync(path.join(tmpdir(), 'rentalp-statements-'));
const db = await PGlite.create(folder);
await db.exec(`
  create table wide (id serial primary key, ${Array.from({ length: WIDE_COLUMNS }, (_, i) => `c${i} text default 'value'`).join(', ')});
  create table o (id serial primary key, uuid text, shop int, first_name text, last_name text, email text, days int, total int, date_from date, date_to date);
  create table p (id serial primary key, order_id int references o(id), idx int, customer jsonb);
  create table d (id serial primary key, order_id int references o(id), pool_id int references p(id), product int, price int, label text, total int);`);

const ORDER = ['uuid', 2, 'Mario', 'Rossi', 'mario@example.com', 2, 4000, '2026-12-01', '2026-12-02'];
const INSERT_ORDER = 'insert into o (uuid, shop, first_name, last_name, email, days, total, date_from, date_to) values ($1,$2,$3,$4,$5,$6,$7,$8,$9) returning *';

async function orderWrites(): Promise<void> {
  const order = await db.query<{ id: number }>(INSERT_ORDER, ORDER);
  const pool = await db.query<{ id: number }>('insert into p (order_id, idx, customer) values ($1, 0, $2) returning *', [order.rows[0]!.id, '{"height":180}']);
  await db.query('insert into d (order_id, pool_id, product, price, label, total) values ($1,$2,5,6,$3,4000) returning *', [order.rows[0]!.id, pool.rows[0]!.id, 'Sci']);
}

let k = 0;
const cases: [string, () => Promise<unknown>][] = [
  ['select 1 (a round trip)', () => db.query('select 1')],
  ['insert, no returning (38 columns)', () => db.query("insert into wide (c0) values ('x')")],
  ['insert returning id', () => db.query("insert into wide (c0) values ('x') returning id")],
  ['insert returning * (38 columns)', () => db.query("insert into wide (c0) values ('x') returning *")],
  [
    "an order's writes: BEGIN, 3 inserts, COMMIT",
    async () => {
      await db.exec('begin');
      await orderWrites();
      await db.exec('commit');
    },
  ],
  [
    `an order's writes, ${ORDERS_PER_TRANSACTION} orders a transaction`,
    async () => {
      if (k % ORDERS_PER_TRANSACTION === 0) await db.exec('begin');
      await orderWrites();
      if (k % ORDERS_PER_TRANSACTION === ORDERS_PER_TRANSACTION - 1) await db.exec('commit');
    },
  ],
  [
    "an order's writes as one statement (WITH … INSERT)",
    () =>
      db.query(
        `with oo as (${INSERT_ORDER}),
          pp as (insert into p (order_id, idx, customer) select oo.id, 0, $10::jsonb from oo returning *),
          dd as (insert into d (order_id, pool_id, product, price, label, total) select pp.order_id, pp.id, 5, 6, $11, 4000 from pp returning *)
        select (select row_to_json(oo) from oo) as "order", (select json_agg(pp) from pp) as pools, (select json_agg(dd) from dd) as lines`,
        [...ORDER, '{"height":180}', 'Sci'],
      ),
  ],
];

console.log(`PGlite alone, ${N} statements each after ${WARM_UP} to warm up; CPU of this process (node ${process.version})\n`);
console.log('| statement | CPU ms each |\n|---|---:|');
for (const [name, run] of cases) {
  for (k = 0; k < WARM_UP; k++) await run();
  const before = process.cpuUsage();
  for (k = 0; k < N; k++) await run();
  const used = process.cpuUsage(before);
  console.log(`| ${name} | ${((used.user + used.system) / 1000 / N).toFixed(3)} |`);
}
await db.close();
rmSync(folder, { recursive: true, force: true });
