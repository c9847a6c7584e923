// `npm run bench:years`: the API on a database that holds years of orders against the same
// database empty. The committed network (or SEO_DATA_DIR's) is migrated and seeded by a first
// `npm start`; the orders are then written straight into its data folder through SQL (years ×
// 365 days × every shop × BENCH_YEARS_ORDERS_PER_SHOP_DAY, each with one line booking one of the
// shop's products for three days), as placing them over HTTP would take hours. Each database is
// then started as `npm start` starts it: the time to its "listening" line, its RSS once settled
// (the booking index reads only the orders of the last ENDED_BOOKINGS_KEPT_DAYS), and the read
// scenarios of bench:api.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { addDays, DateModes, todayInRome } from '../src/domain/dates';
import { openDatabase } from '../server/db/client';
import { executedRows } from '../server/db/rows';
import { configureLogger } from '../server/log';
import { startNpmStart } from '../tests/support/process';
import { freePort } from '../tests/support/free-port';
import { load, memoryOf, type Memory, type Row } from './api';

const YEARS = Number(process.env.BENCH_YEARS ?? 5);
const ORDERS_PER_SHOP_DAY = Number(process.env.BENCH_YEARS_ORDERS_PER_SHOP_DAY ?? 4);
/** What each server is left alone for after start before its memory is read. */
const SETTLE_MS = 5000;

export interface Run {
  startMs: number;
  idle: Memory;
  reads: Row[];
}

/** Starts the data folder's server, reads its memory and the read scenarios, stops it. */
export async function measure(dataDir: string): Promise<Run> {
  const started0 = performance.now();
  const started = await startNpmStart(dataDir, await freePort(), {}, { keepOutput: false });
  const startMs = performance.now() - started0;
  const server = { base: started.url, pid: started.child.pid! };
  try {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const idle = await memoryOf(server.base, server.pid);
    const from = addDays(todayInRome(), 20);
    const to = addDays(from, 6);
    // Unmeasured, as bench:api warms up: the first requests compile the server's hot paths.
    await autocannon({ url: `${server.base}/api/v1/shops/slug/sport-noleggio-sestriere?from=${from}&to=${to}`, connections: 10, duration: 2 });
    const reads = [
      await load(`${server.base}/api/v1/shops/slug/sport-noleggio-sestriere?from=${from}&to=${to}`, 'GET v1/shops/slug/{slug}, 7-day range', 'p99 ≤ 30 ms', server),
      await load(`${server.base}/api/v1/shops/1/availabilities?from=${from}&to=${to}`, 'GET v1/shops/{id}/availabilities, 7-day range', 'p99 ≤ 15 ms', server),
      await load(`${server.base}/api/v1/shops/1/availabilities/days?product_id=1&from=${from}&to=${addDays(from, 30)}`, 'GET v1/shops/{id}/availabilities/days, 31 days', 'p99 ≤ 15 ms', server),
    ];
    return { startMs, idle, reads };
  } finally {
    started.child.kill('SIGTERM');
    await started.exited;
  }
}

/** Writes the years of orders into the (stopped) server's data folder; how many, and how long it took. */
export async function fillOrders(dataDir: string): Promise<{ orders: number; ms: number }> {
  const t0 = performance.now();
  // npm start keeps its database in DATA_DIR/db (server/main.ts).
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    const days = Math.round(YEARS * 365);
    // Days from `days` ago to yesterday, each order three days long: most ended long ago, as a
    // network's history does; the last 400 days' are what the booking index holds.
    await database.db.execute(sql`
      INSERT INTO orders (uuid, shop_id, mode, date_from, date_to, days, first_name, last_name, phone, email,
                          total_amount, original_total_amount, total_tax, total_taxable, created_at)
      SELECT gen_random_uuid()::text, s.id, ${DateModes.RANGE}, to_char(d.day, 'YYYY-MM-DD'), to_char(d.day + 2, 'YYYY-MM-DD'), 3,
             'Storico', 'Ordini', '+39 0000 000000', 'storico@example.com', 60, 60, 10.82, 49.18, d.day
      FROM shops s
      CROSS JOIN (SELECT current_date - g AS day FROM generate_series(1, ${days}) g) d
      CROSS JOIN generate_series(1, ${ORDERS_PER_SHOP_DAY}) n`);
    await database.db.execute(sql`
      INSERT INTO order_detail_pools (order_id, index) SELECT id, 0 FROM orders WHERE email = 'storico@example.com'`);
    await database.db.execute(sql`
      INSERT INTO order_details (order_id, pool_id, product_id, price_id, product_label, unit_price, total_price, original_total_price, total_tax, total_taxable)
      SELECT o.id, p.id, pr.product_id, pr.id, 'Storico', 60, 60, 60, 10.82, 49.18
      FROM orders o
      JOIN order_detail_pools p ON p.order_id = o.id
      JOIN LATERAL (
        SELECT prices.id, prices.product_id FROM prices JOIN products ON products.id = prices.product_id
        WHERE products.shop_id = o.shop_id AND NOT products.is_add_on ORDER BY products.id, prices.id LIMIT 1
      ) pr ON true
      WHERE o.email = 'storico@example.com'`);
    const [row] = executedRows<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM orders WHERE email = 'storico@example.com'`));
    await database.db.execute(sql`VACUUM ANALYZE`);
    return { orders: row!.n, ms: performance.now() - t0 };
  } finally {
    await database.close();
  }
}

export async function benchYears(): Promise<void> {
  // The bulk inserts are slow queries by design: the server's warning for each says nothing here.
  configureLogger({ level: 'error' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-years-'));
  try {
    // The first start migrates and seeds; what is compared are the starts after it.
    const first = await startNpmStart(dataDir, await freePort(), {}, { keepOutput: false });
    first.child.kill('SIGTERM');
    await first.exited;
    const empty = await measure(dataDir);
    const filled = await fillOrders(dataDir);
    const full = await measure(dataDir);
    const ratio = (a: number, b: number) => `${(b / a).toFixed(2)}×`;
    console.log(`\nThe API with ${filled.orders.toLocaleString('en')} orders over ${YEARS} years (${ORDERS_PER_SHOP_DAY} a shop a day, written in ${(filled.ms / 1000).toFixed(0)} s) against none, each started as \`npm start\` does\n`);
    console.log('| measure | no orders | years of orders | ratio | target |');
    console.log('|---|---:|---:|---:|---|');
    console.log(`| start (to "listening") | ${(empty.startMs / 1000).toFixed(1)} s | ${(full.startMs / 1000).toFixed(1)} s | ${ratio(empty.startMs, full.startMs)} | ≤ 2× |`);
    console.log(`| RSS after start | ${empty.idle.rssMb} MB | ${full.idle.rssMb} MB | ${ratio(empty.idle.rssMb, full.idle.rssMb)} | ≤ 300 MB |`);
    empty.reads.forEach((read, i) => {
      const other = full.reads[i]!;
      console.log(`| ${read.scenario}, p99 | ${read.p99} ms | ${other.p99} ms | ${ratio(Number(read.p99), Number(other.p99))} | ${read.target} |`);
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchYears();
