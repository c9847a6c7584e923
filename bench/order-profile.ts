// Where an order's time goes (docs/performance-log.md, "where an order's time goes"): places orders
// through the API in this process, first one at a time, then 50 at once, and reports per order
// the queries (count and time by statement), the time a transaction holds the database (PGlite:
// the whole backend; PostgreSQL: its row locks), the waits for the database, and where the CPU
// goes (a V8 CPU profile of the parallel phase, self time grouped by area).
//
//   node --import tsx bench/order-profile.ts                       # PGlite in a temporary folder
//   BENCH_DATABASE_URL=postgres://… node --import tsx bench/order-profile.ts   # PostgreSQL
//   PROFILE_ORDERS=200 PROFILE_PARALLEL=50 PROFILE_IDEMPOTENCY=0 …              # the knobs
//
// Query counts and the split of the time are what to compare between two versions of the code;
// absolute milliseconds depend on the machine and its load.
// The timing of the queries: ./order-profile-timing.ts; the tables: ./order-profile-report.ts.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApi } from '../server/app';
import { loadConfig } from '../server/config';
import { createDeps } from '../server/deps';
import { prepareDatabase } from '../server/main';
import { configureLogger } from '../server/log';
import { IDEMPOTENCY_HEADER } from '../src/api/contract/idempotency';
import { addDays, todayInRome } from '../src/domain/dates';
import { throwawayDatabase } from '../tests/support/throwaway-database';
import { TERMS_VERSION } from '../src/domain/terms';
import { current, instrumentPg, instrumentPglite, type OrderRecord } from './order-profile-timing';
import { cpuAreas, report } from './order-profile-report';

const SERIAL = Number(process.env.PROFILE_ORDERS ?? 200);
const PARALLEL = Number(process.env.PROFILE_PARALLEL ?? 50);
/** Orders placed in the parallel phase. */
const PARALLEL_ORDERS = SERIAL * 2;
/** The checkout sends a key with every new order (src/features/customer/checkout/stores/send-order.ts). */
const WITH_KEY = process.env.PROFILE_IDEMPOTENCY !== '0';
/** A shop open all year, so any day books. */
const SHOP = 2;

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'order-profile-'));
  const pgDatabase = adminUrl ? await throwawayDatabase(adminUrl, 'profile') : null;
  if (pgDatabase) instrumentPg();
  else instrumentPglite();
  // The production defaults, with the per-address limit lifted: every order comes from here.
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: pgDatabase?.url, ORDERS_PER_ADDRESS_PER_HOUR: String(Number.MAX_SAFE_INTEGER), LOG_LEVEL: 'warn' });
  configureLogger({ level: config.logLevel });
  const { database } = await prepareDatabase(config);
  database.queue?.watch((ms) => current.getStore()?.waits.push(ms));
  const deps = await createDeps({ database, config });
  const api = createApi(deps);
  const load = (await (await api.request(`/v1/shops/${SHOP}?from=${addDays(todayInRome(), 1)}`)).json()) as {
    data: { products: { id: number; current_price: { id: number } | null }[] };
  };
  const priceId = load.data.products.find((p) => p.current_price)!.current_price!.id;

  let n = 0;
  const place = async (): Promise<OrderRecord> => {
    const i = n++;
    const form = new FormData();
    const fields: Record<string, string> = {
      from: addDays(todayInRome(), 1 + i),
      terms_version: TERMS_VERSION,
      first_name: 'Profile',
      last_name: `N${i}`,
      phone: '+39 333 0000000',
      email: `profile${i}@example.com`,
      'cart[0][prices][0]': String(priceId),
    };
    for (const f of ['first_name', 'last_name', 'height', 'weight', 'shoe_size', 'level']) fields[`cart[0][customer][${f}]`] = '1';
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const rec: OrderRecord = { queries: [], transactions: [], waits: [], total: 0, status: 0 };
    const startedAt = performance.now();
    const res = await current.run(rec, () =>
      api.request(`/v1/shops/${SHOP}/orders`, { method: 'POST', body: form, headers: WITH_KEY ? { [IDEMPOTENCY_HEADER]: randomUUID() } : {} }),
    );
    await res.arrayBuffer();
    rec.total = performance.now() - startedAt;
    rec.status = res.status;
    if (res.status !== 201) throw new Error(`order ${i}: ${res.status}`);
    return rec;
  };

  try {
    console.log(`Order profile on ${database.driver}, ${WITH_KEY ? 'with' : 'without'} an Idempotency-Key, one item per order (guest)`);
    // Warm-up: JIT, prepared plans, the first mail.
    for (let i = 0; i < 20; i++) await place();
    const serial: OrderRecord[] = [];
    let t0 = performance.now();
    let cpu = process.cpuUsage();
    for (let i = 0; i < SERIAL; i++) serial.push(await place());
    report('one at a time', serial, performance.now() - t0, process.cpuUsage(cpu));

    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    const parallel: OrderRecord[] = [];
    t0 = performance.now();
    cpu = process.cpuUsage();
    let left = PARALLEL_ORDERS;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (left-- > 0) parallel.push(await place());
      }),
    );
    const wall = performance.now() - t0;
    const used = process.cpuUsage(cpu);
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    report(`${PARALLEL} at once (CPU profiler on)`, parallel, wall, used);
    cpuAreas(profile as never, parallel.length);
  } finally {
    await deps.mailer.close();
    await database.close();
    await pgDatabase?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
