// `npm run bench:api`: latency, throughput and memory of the reference API on the embedded database.
// The server runs as its own process, started exactly as `npm start` starts it (package.json's
// script: the heap cap, the bundled server) on a fresh data folder; the load comes from this
// process over loopback, 50 connections, each scenario bounded in time. After each scenario the
// server's RSS (/proc) and V8 heap in use (its metrics) are read; a soak of mixed reads and orders
// (BENCH_SOAK_SECONDS) samples both to tell whether memory stays flat.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { addDays, todayInRome } from '../src/domain/dates';
import { startNpmStart } from '../tests/support/process';
import { freePort } from '../tests/support/free-port';
import { orders } from './orders';
import { allocationsPerRequest } from './allocations';
import { procStat } from './proc';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
/** The soak's length; 0 skips it. */
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
/** How often the soak reads the server's memory. */
const SOAK_SAMPLE_SECONDS = Number(process.env.BENCH_SOAK_SAMPLE_SECONDS ?? 10);
/** Of the soak's 50 connections, these place orders; the others read. */
const SOAK_ORDER_CLIENTS = 10;
/** Flat: the soak's last quarter of RSS samples averages at most this much above its first quarter. */
const FLAT_MARGIN = 0.1;
/** Orders placed before the measured orders scenario, unmeasured (as the reads' warm-up). */
const ORDERS_WARM_UP_SECONDS = 3;
/** What the server is left alone for after start before its idle memory is read. */
const IDLE_SETTLE_MS = 5000;
const BYTES_PER_MB = 1024 * 1024;

export interface Memory {
  rssMb: number;
  heapMb: number;
}

export interface Row {
  scenario: string;
  rps: number | string;
  p50: number | string;
  p99: number | string;
  errors: number | string;
  memory: Memory;
  target: string;
}

/** The process's CPU time so far (user + system), in ms. */
const cpuMs = (pid: number): number => procStat(pid)?.cpuMs ?? 0;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The server's RSS, and its V8 heap in use as its metrics say (prom-client's nodejs_heap_size_used_bytes). */
export async function memoryOf(base: string, pid: number): Promise<Memory> {
  const metrics = await (await fetch(`${base}/api/metrics`)).text();
  const heap = Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(metrics)?.[1] ?? Number.NaN);
  return { rssMb: Math.round(rssMb(pid)), heapMb: Math.round(heap / BYTES_PER_MB) };
}

export async function load(url: string, title: string, target: string, server: { base: string; pid: number }): Promise<Row> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, title });
  return {
    scenario: title,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    memory: await memoryOf(server.base, server.pid),
    target,
  };
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

/**
 * Ten minutes (by default) of the hot reads over changing dates (so the answer memos fill and
 * turn over, as with real visitors) and orders, memory read every SOAK_SAMPLE_SECONDS.
 */
async function soak(server: { base: string; pid: number }, firstOrderDay: number) {
  const { base } = server;
  const start = addDays(todayInRome(), 10);
  let n = 0;
  const paths = (i: number) => {
    const from = addDays(start, i % 60);
    const to = addDays(from, (i % 7) + 1);
    return [
      `/api/v1/shops/slug/sport-noleggio-sestriere?from=${from}&to=${to}`,
      `/api/v1/shops/1/availabilities?from=${from}&to=${to}`,
      `/api/v1/shops/1/availabilities/days?product_id=1&from=${from}&to=${addDays(from, 30)}`,
    ][i % 3]!;
  };
  const samples: Memory[] = [];
  const sampler = setInterval(() => void memoryOf(base, server.pid).then((m) => samples.push(m)), SOAK_SAMPLE_SECONDS * 1000);
  const [reads, placed] = await Promise.all([
    autocannon({
      url: base,
      connections: CONNECTIONS - SOAK_ORDER_CLIENTS,
      duration: SOAK_SECONDS,
      requests: [{ setupRequest: (req) => ({ ...req, path: paths(n++) }) }],
    }),
    orders(base, firstOrderDay, { seconds: SOAK_SECONDS, clients: SOAK_ORDER_CLIENTS }),
  ]);
  clearInterval(sampler);
  samples.push(await memoryOf(base, server.pid));
  const quarter = Math.max(1, Math.floor(samples.length / 4));
  const rss = samples.map((s) => s.rssMb);
  const first = mean(rss.slice(0, quarter));
  const last = mean(rss.slice(-quarter));
  return {
    reads,
    placed,
    samples,
    first: samples[0]!,
    last: samples.at(-1)!,
    maxRss: Math.max(...rss),
    maxHeap: Math.max(...samples.map((s) => s.heapMb)),
    quarters: { first: Math.round(first), last: Math.round(last) },
    flat: last <= first * (1 + FLAT_MARGIN),
  };
}

const memoryCells = (m: Memory) => `${m.heapMb} | ${m.rssMb}`;

export async function benchApi(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  // Every order comes from 127.0.0.1: the per-address limit is lifted for the load.
  const started = await startNpmStart(dataDir, await freePort(), { ORDERS_PER_ADDRESS_PER_HOUR: String(Number.MAX_SAFE_INTEGER) }, { keepOutput: false });
  const server = { base: started.url, pid: started.child.pid! };
  const base = server.base;
  const from = addDays(todayInRome(), 20);
  const to = addDays(from, 6);
  try {
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
    const idle = await memoryOf(base, server.pid);
    // Warm-up so JIT and caches are in their steady state.
    await autocannon({ url: `${base}/api/v1/shops/slug/sport-noleggio-sestriere?from=${from}&to=${to}`, connections: 10, duration: 2 });
    const rows: Row[] = [
      { scenario: 'server idle after start', rps: '—', p50: '—', p99: '—', errors: '—', memory: idle, target: 'RSS ≤ 200 MB' },
      await load(`${base}/api/health`, 'GET /api/health (database round trip)', '—', server),
      await load(`${base}/api/v1/shops/slug/sport-noleggio-sestriere?from=${from}&to=${to}`, 'GET v1/shops/slug/{slug}, 7-day range', 'p99 ≤ 30 ms', server),
      await load(`${base}/api/v1/shops/1/availabilities?from=${from}&to=${to}`, 'GET v1/shops/{id}/availabilities, 7-day range', 'p99 ≤ 15 ms', server),
      // The calendar's month of one product (product 1: the first of shop 1).
      await load(`${base}/api/v1/shops/1/availabilities/days?product_id=1&from=${from}&to=${addDays(from, 30)}`, 'GET v1/shops/{id}/availabilities/days, 31 days', 'p99 ≤ 15 ms', server),
    ];
    // The orders' own warm-up, as the reads have theirs: the first seconds of orders in a process
    // run its order path's cold code (BENCH_SCENARIO=orders prints the first round apart).
    const warmUp = await orders(base, 0, { seconds: ORDERS_WARM_UP_SECONDS });
    const booked = warmUp.placed + warmUp.refused;
    const placed = await orders(base, booked);
    rows.push({
      scenario: 'POST v1/shops/{id}/orders (placed/s)',
      rps: placed.perSecond,
      p50: '—',
      p99: placed.p99,
      errors: `${placed.refused} refused${placed.refused ? ` (${placed.refusedBy})` : ''}`,
      memory: await memoryOf(base, server.pid),
      target: '≥ 200 orders/s, p99 ≤ 300 ms; RSS ≤ 300 MB',
    });
    // The same orders as the checkout and the kiosk send them: each with an Idempotency-Key, which
    // the API claims before the order and stores the answer of after it (server/http/idempotency.ts).
    const keyed = await orders(base, booked + placed.placed + placed.refused, { keyed: true });
    rows.push({
      scenario: 'the same, each with an Idempotency-Key (as the checkout sends them)',
      rps: keyed.perSecond,
      p50: '—',
      p99: keyed.p99,
      errors: `${keyed.refused} refused${keyed.refused ? ` (${keyed.refusedBy})` : ''}`,
      memory: await memoryOf(base, server.pid),
      target: '—',
    });
    console.log(`\nReference API on PGlite (as \`npm start\` runs it), ${CONNECTIONS} connections, ${DURATION} s per scenario (loopback); memory after each\n`);
    console.log('| scenario | req/s | p50 ms | p99 ms | errors | heap MB | RSS MB | target |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---|');
    for (const r of rows) console.log(`| ${r.scenario} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${memoryCells(r.memory)} | ${r.target} |`);
    console.log(`\norders placed: ${placed.placed} without a key, ${keyed.placed} with one`);

    if (SOAK_SECONDS > 0) {
      // Its orders take days after those the run above booked (one day per order at most).
      const s = await soak(server, booked + placed.placed + placed.refused + keyed.placed + keyed.refused + 2);
      console.log(`\nSoak: ${SOAK_SECONDS} s, ${CONNECTIONS - SOAK_ORDER_CLIENTS} connections reading (shop page, availabilities, calendar over 60 start days) and ${SOAK_ORDER_CLIENTS} placing orders; memory every ${SOAK_SAMPLE_SECONDS} s\n`);
      console.log('| soak | value | target |');
      console.log('|---|---:|---|');
      console.log(`| reads: req/s, p50 / p99 ms, errors | ${Math.round(s.reads.requests.average)}, ${s.reads.latency.p50} / ${s.reads.latency.p99}, ${s.reads.errors + s.reads.non2xx} | — |`);
      console.log(`| orders: placed/s, p99 ms, refused | ${s.placed.perSecond}, ${s.placed.p99}, ${s.placed.refused}${s.placed.refused ? ` (${s.placed.refusedBy})` : ''} | — |`);
      console.log(`| RSS MB: first / last / max | ${s.first.rssMb} / ${s.last.rssMb} / ${s.maxRss} | ≤ 300 MB |`);
      console.log(`| heap MB: first / last / max | ${s.first.heapMb} / ${s.last.heapMb} / ${s.maxHeap} | — |`);
      console.log(`| RSS MB: first quarter mean → last quarter mean | ${s.quarters.first} → ${s.quarters.last} ${s.flat ? '✓ flat' : '✗ growing'} | last ≤ first + ${FLAT_MARGIN * 100} % |`);
      console.log(`\nsoak samples (RSS MB): ${s.samples.map((m) => m.rssMb).join(' ')}`);
    }
  } finally {
    started.child.kill('SIGTERM');
    await started.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  const allocations = await allocationsPerRequest();
  console.log('\nAllocations per request on the hot reads (in-process, bench/allocations.ts: V8 heap growth over N requests with no GC between)\n');
  console.log('| request | KB allocated per request |');
  console.log('|---|---:|');
  for (const a of allocations) console.log(`| ${a.request} | ${a.kb} |`);
}

/** BENCH_ORDERS_KEYED=1: the orders loop below sends an Idempotency-Key with each order. */
const ORDERS_KEYED = process.env.BENCH_ORDERS_KEYED === '1';

/**
 * BENCH_SCENARIO=orders: the orders scenario alone on a fresh `npm start`, three rounds, with the
 * server's CPU per placed order (what limits orders on one event loop): the quick loop for
 * working on an order's cost.
 */
async function benchOrdersOnly(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-orders-'));
  const started = await startNpmStart(dataDir, await freePort(), { ORDERS_PER_ADDRESS_PER_HOUR: String(Number.MAX_SAFE_INTEGER) }, { keepOutput: false });
  const pid = started.child.pid!;
  try {
    let earlier = 0;
    console.log('| round | placed/s | p99 ms | refused | server CPU ms per order | RSS MB |');
    console.log('|---:|---:|---:|---:|---:|---:|');
    for (let round = 1; round <= 3; round++) {
      const cpuBefore = cpuMs(pid);
      const placed = await orders(started.url, earlier, { keyed: ORDERS_KEYED });
      const cpu = (cpuMs(pid) - cpuBefore) / Math.max(1, placed.placed + placed.refused);
      earlier += placed.placed + placed.refused;
      console.log(`| ${round} | ${placed.perSecond} | ${placed.p99} | ${placed.refused} | ${cpu.toFixed(2)} | ${Math.round(rssMb(pid))} |`);
    }
  } finally {
    started.child.kill('SIGTERM');
    await started.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const scenario = process.env.BENCH_SCENARIO;
  // BENCH_SCENARIO=orders: PGlite's orders alone; =cluster: only the PostgreSQL scenario below.
  if (scenario === 'orders') await benchOrdersOnly();
  else {
    if (scenario !== 'cluster') await benchApi();
    // Two API processes on one PostgreSQL vs one, when a server is given.
    if (process.env.BENCH_DATABASE_URL) await (await import('./cluster')).benchCluster(process.env.BENCH_DATABASE_URL);
    else console.log('\nBENCH_DATABASE_URL is not set: the two-process PostgreSQL scenario is skipped.');
  }
}
