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
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createApi } from '../server/app';
import { loadConfig } from '../server/config';
import { createDeps } from '../server/deps';
import { prepareDatabase } from '../server/main';
import { projectRoot } from '../server/db/client';
import { StatementCache } from '../server/db/pglite-statements';
import { configureLogger } from '../server/log';
import { IDEMPOTENCY_HEADER } from '../src/api/contract/idempotency';
import { addDays, todayInRome } from '../src/domain/dates';
import { throwawayDatabase } from '../tests/support/throwaway-database';
import { TERMS_VERSION } from '../src/domain/terms';

const SERIAL = Number(process.env.PROFILE_ORDERS ?? 200);
const PARALLEL = Number(process.env.PROFILE_PARALLEL ?? 50);
/** Orders placed in the parallel phase. */
const PARALLEL_ORDERS = SERIAL * 2;
/** The checkout sends a key with every new order (src/features/customer/checkout/stores/send-order.ts). */
const WITH_KEY = process.env.PROFILE_IDEMPOTENCY !== '0';
/** A shop open all year, so any day books. */
const SHOP = 2;

interface QueryRecord {
  label: string;
  ms: number;
}
interface OrderRecord {
  queries: QueryRecord[];
  /** Each transaction: from its BEGIN to its end (COMMIT included). */
  transactions: number[];
  /** Waits for the database: PGlite's turn queue, PostgreSQL's pool. */
  waits: number[];
  total: number;
  status: number;
}

const current = new AsyncLocalStorage<OrderRecord>();

/** "insert orders", "select products for update", "begin"…: the statement's verb and first table. */
function label(sql: unknown): string {
  const text = (typeof sql === 'string' ? sql : ((sql as { text?: string } | null)?.text ?? '')).replace(/"/g, '').toLowerCase().trim();
  const verb = /^\w+/.exec(text)?.[0] ?? '?';
  const table =
    /^insert into (\w+)/.exec(text)?.[1] ??
    /^update (\w+)/.exec(text)?.[1] ??
    /^delete from (\w+)/.exec(text)?.[1] ??
    /\bfrom (\w+)/.exec(text)?.[1] ??
    /^select (\w+)\(/.exec(text)?.[1] ??
    '';
  return `${verb} ${table}${/for update/.test(text) ? ' for update' : ''}`.trim();
}

function record(sql: unknown, startedAt: number) {
  current.getStore()?.queries.push({ label: label(sql), ms: performance.now() - startedAt });
}

async function timedCall<T>(sql: unknown, run: () => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  try {
    return await run();
  } finally {
    record(sql, startedAt);
  }
}

/** Times every query of PGlite (the client's and a transaction's) and every transaction. */
function instrumentPglite() {
  const base = Object.getPrototypeOf(PGlite.prototype) as Record<string, (...a: unknown[]) => Promise<unknown>>;
  for (const name of ['query', 'exec'] as const) {
    const original = base[name]!;
    base[name] = function (this: unknown, ...args: unknown[]) {
      return timedCall(args[0], () => original.apply(this, args));
    };
  }
  // Plain reads and writes run as named statements (server/db/pglite-statements.ts), not through
  // the client's own `query`.
  const run = StatementCache.prototype.run;
  StatementCache.prototype.run = function (this: StatementCache, ...args: Parameters<typeof run>) {
    return timedCall(args[0], () => run.apply(this, args));
  } as typeof run;
  const transaction = base.transaction!;
  base.transaction = function (this: unknown, work: unknown) {
    const startedAt = performance.now();
    const wrapped = (tx: Record<string, (...a: unknown[]) => Promise<unknown>>) => {
      const timedTx = new Proxy(tx, {
        get(target, property) {
          const value = Reflect.get(target, property) as unknown;
          if ((property === 'query' || property === 'exec') && typeof value === 'function') {
            return (...args: unknown[]) => timedCall(args[0], () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
          }
          return value;
        },
      });
      return (work as (t: unknown) => Promise<unknown>)(timedTx);
    };
    return transaction.call(this, wrapped).finally(() => current.getStore()?.transactions.push(performance.now() - startedAt));
  };
}

/** Times every statement sent to PostgreSQL, each transaction (BEGIN … COMMIT) and each wait for a pooled connection. */
function instrumentPg() {
  const began = new WeakMap<object, number>();
  const query = pg.Client.prototype.query as unknown as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const text = label(args[0]);
    if (text === 'begin') began.set(this, performance.now());
    const ends = text === 'commit' || text === 'rollback' ? began.get(this) : undefined;
    const startedAt = performance.now();
    const store = current.getStore();
    const done = () => {
      store?.queries.push({ label: text, ms: performance.now() - startedAt });
      if (ends !== undefined) store?.transactions.push(performance.now() - ends);
    };
    const callback = args[args.length - 1];
    if (typeof callback === 'function') {
      args[args.length - 1] = (...result: unknown[]) => {
        done();
        return (callback as (...r: unknown[]) => unknown)(...result);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args) as Promise<unknown>;
    result.then(done, done);
    return result;
  } as typeof pg.Client.prototype.query;
  const connect = pg.Pool.prototype.connect as unknown as (...a: unknown[]) => Promise<unknown>;
  pg.Pool.prototype.connect = function (this: pg.Pool, ...args: unknown[]) {
    if (args.length > 0) return connect.apply(this, args);
    const startedAt = performance.now();
    const store = current.getStore();
    return connect.apply(this, args).finally(() => store?.waits.push(performance.now() - startedAt));
  } as typeof pg.Pool.prototype.connect;
}

const mean = (values: readonly number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};
const fixed = (n: number, digits = 2) => n.toFixed(digits);

function report(title: string, records: readonly OrderRecord[], wallMs: number, cpu: NodeJS.CpuUsage) {
  const placed = records.filter((r) => r.status === 201).length;
  console.log(`\n### ${title}: ${records.length} orders, ${placed} placed, ${fixed((placed / wallMs) * 1000, 0)} placed/s`);
  // The process's CPU time (user + system: this process is the API and its database alone).
  console.log(`CPU ${fixed((cpu.user + cpu.system) / 1000 / records.length)} ms per order`);
  console.log(`request p50 ${fixed(percentile(records.map((r) => r.total), 0.5), 1)} ms, p99 ${fixed(percentile(records.map((r) => r.total), 0.99), 1)} ms`);
  console.log(
    `per order: ${fixed(mean(records.map((r) => r.queries.length)), 1)} queries (${fixed(mean(records.map((r) => sum(r.queries.map((q) => q.ms)))))} ms in them), ` +
      `${fixed(mean(records.map((r) => r.transactions.length)), 1)} transactions holding the database ${fixed(mean(records.map((r) => sum(r.transactions))))} ms, ` +
      `waiting for it ${fixed(mean(records.map((r) => sum(r.waits))))} ms`,
  );
  const byLabel = new Map<string, number[]>();
  for (const r of records) for (const q of r.queries) byLabel.set(q.label, [...(byLabel.get(q.label) ?? []), q.ms]);
  console.log('\n| statement | per order | mean ms | p99 ms | ms per order |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, times] of [...byLabel].sort((a, b) => sum(b[1]) - sum(a[1]))) {
    console.log(`| ${name} | ${fixed(times.length / records.length)} | ${fixed(mean(times))} | ${fixed(percentile(times, 0.99))} | ${fixed(sum(times) / records.length)} |`);
  }
}

/** Self time of a V8 CPU profile grouped by area: a package, a folder of ours, the engine. */
function cpuAreas(profile: { nodes: { id: number; callFrame: { url: string; functionName: string } }[]; samples: number[]; timeDeltas: number[] }, orders: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const areas = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const url = frame.url.replace(/^file:\/\//, '');
    let area: string;
    if (!url) area = `(${frame.functionName || 'engine'})`;
    else if (url.includes('/node_modules/')) {
      const rest = url.split('/node_modules/').pop()!;
      area = rest.startsWith('@') ? rest.split('/').slice(0, 2).join('/') : rest.split('/')[0]!;
    } else if (url.startsWith('node:')) area = 'node internals';
    else area = path.relative(projectRoot, path.dirname(url)) || url;
    areas.set(area, (areas.get(area) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const total = sum([...areas.values()]);
  console.log(`\nCPU (self time, parallel phase): ${fixed(total / orders)} ms per order\n`);
  console.log('| area | ms per order | share |');
  console.log('|---|---:|---:|');
  for (const [area, ms] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`| ${area} | ${fixed(ms / orders)} | ${fixed((ms / total) * 100, 0)} % |`);
  }
  if (process.env.PROFILE_FUNCTIONS) {
    const fns = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const f = byId.get(id)!.callFrame;
      const key = `${f.functionName || '(anon)'} ${f.url.replace(/^file:\/\//, '').replace(projectRoot + '/', '')}`;
      fns.set(key, (fns.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
    for (const [fn, ms] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${fixed(ms / orders)} ${fn}`);
    // Inclusive time of our own functions: a sample counts for every frame of ours on its stack.
    const parent = new Map<number, number>();
    for (const n of profile.nodes as { id: number; children?: number[] }[]) for (const c of n.children ?? []) parent.set(c, n.id);
    const inclusive = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const f = byId.get(at)!.callFrame;
        if (!f.url.includes('/work/main/server') && !f.url.includes('/work/main/src')) continue;
        const key = `${f.functionName || '(anon)'} ${f.url.replace(/^file:\/\//, '').replace(projectRoot + '/', '')}:${(f as { lineNumber?: number }).lineNumber}`;
        if (seen.has(key)) continue;
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
      }
    });
    console.log('\ninclusive, ours:');
    for (const [fn, ms] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${fixed(ms / orders)} ${fn}`);
  }
}

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
