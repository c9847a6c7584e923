// `npm run bench:api`: latency and throughput of the reference API on the embedded database.
// The server runs as its own process (the real `npm start` entry) on a fresh data folder; the
// load comes from this process over loopback, 50 connections, each scenario bounded in time.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { addDays, todayInRome } from '../src/domain/dates';
import { startProduct } from '../tests/support/process';
import { orders } from './orders';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

interface Row {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  target: string;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function load(url: string, title: string, target: string): Promise<Row> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, title });
  return {
    scenario: title,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    target,
  };
}

export async function benchApi(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  // Every order comes from 127.0.0.1: the per-address limit is lifted for the load.
  const server = await startProduct(dataDir, 4370, { ORDERS_PER_ADDRESS_PER_HOUR: String(Number.MAX_SAFE_INTEGER) });
  const base = server.url;
  const from = addDays(todayInRome(), 20);
  const to = addDays(from, 6);
  try {
    // Warm-up so JIT and caches are in their steady state.
    await autocannon({ url: `${base}/api/v1/shops/slug/sport-noleggio-sestriere?from=${from}&to=${to}`, connections: 10, duration: 2 });
    const rows: Row[] = [
      await load(`${base}/api/health`, 'GET /api/health (database round trip)', '—'),
      await load(`${base}/api/v1/shops/slug/sport-noleggio-sestriere?from=${from}&to=${to}`, 'GET v1/shops/slug/{slug}, 7-day range', 'p99 ≤ 30 ms'),
      await load(`${base}/api/v1/shops/1/availabilities?from=${from}&to=${to}`, 'GET v1/shops/{id}/availabilities, 7-day range', 'p99 ≤ 15 ms'),
      // The calendar's month of one product (product 1: the first of shop 1).
      await load(`${base}/api/v1/shops/1/availabilities/days?product_id=1&from=${from}&to=${addDays(from, 30)}`, 'GET v1/shops/{id}/availabilities/days, 31 days', 'p99 ≤ 15 ms'),
    ];
    const placed = await orders(base);
    const rss = rssMb(server.child.pid!);
    console.log(`\nReference API on PGlite, ${CONNECTIONS} connections, ${DURATION} s per scenario (loopback)\n`);
    console.log('| scenario | req/s | p50 ms | p99 ms | errors | target |');
    console.log('|---|---:|---:|---:|---:|---|');
    for (const r of rows) console.log(`| ${r.scenario} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.target} |`);
    console.log(`| POST v1/shops/{id}/orders (placed/s) | ${placed.perSecond} | — | ${placed.p99} | ${placed.refused} refused | ≥ 100 orders/s |`);
    console.log(`| server RSS after the run | ${Math.round(rss)} MB | | | | ≤ 400 MB |`);
    console.log(`\norders placed: ${placed.placed}`);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // BENCH_SCENARIO=cluster runs only the PostgreSQL scenario below.
  if (process.env.BENCH_SCENARIO !== 'cluster') await benchApi();
  // Two API processes on one PostgreSQL vs one, when a server is given.
  if (process.env.BENCH_DATABASE_URL) await (await import('./cluster')).benchCluster(process.env.BENCH_DATABASE_URL);
  else console.log('\nBENCH_DATABASE_URL is not set: the two-process PostgreSQL scenario is skipped.');
}
