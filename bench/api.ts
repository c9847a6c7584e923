// `npm run bench:api`: latency and throughput of the reference API on the embedded database.
// The server runs as its own process (the real `npm start` entry) on a fresh data folder; the
// load comes from this process over loopback, 50 connections, each scenario bounded in time.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { addDays, todayInRome } from '../src/domain/dates';
import { startProduct } from '../tests/support/process';

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

/** Orders placed per second: 50 concurrent clients, each order on its own day so all can succeed. */
async function orders(base: string): Promise<{ perSecond: number; placed: number; refused: number; p99: number }> {
  const shops = (await (await fetch(`${base}/api/v2/sites?with=shops.sports`)).json()) as {
    data: { shops: { id: number; slug: string }[] }[];
  };
  const shopList = shops.data.flatMap((s) => s.shops);
  const priceIds = new Map<string, number>();
  const start = todayInRome();
  const priceFor = async (shop: { id: number; slug: string }, day: string) => {
    const key = `${shop.id}`;
    if (!priceIds.has(key)) {
      const body = (await (await fetch(`${base}/api/v1/shops/${shop.id}?from=${day}`)).json()) as {
        data: { products: { require_customer_info: boolean; current_price: { id: number } | null }[] };
      };
      const product = body.data.products.find((p) => p.current_price)!;
      priceIds.set(key, product.current_price!.id);
    }
    return priceIds.get(key)!;
  };
  let next = 0;
  let placed = 0;
  let refused = 0;
  const latencies: number[] = [];
  const deadline = Date.now() + DURATION * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const n = next++;
      const shop = shopList[n % shopList.length]!;
      const day = addDays(start, 1 + Math.floor(n / shopList.length));
      const form = new FormData();
      const fields: Record<string, string> = {
        from: day,
        first_name: 'Bench',
        last_name: `N${n}`,
        phone: '+39 333 0000000',
        email: `bench${n}@example.com`,
        'cart[0][prices][0]': String(await priceFor(shop, day)),
      };
      for (const f of ['first_name', 'last_name', 'height', 'weight', 'shoe_size', 'level']) fields[`cart[0][customer][${f}]`] = '1';
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      const t0 = performance.now();
      const res = await fetch(`${base}/api/v1/shops/${shop.id}/orders`, { method: 'POST', body: form });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status === 201) placed++;
      else refused++;
    }
  };
  const t0 = Date.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round((placed / (Date.now() - t0)) * 1000),
    placed,
    refused,
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
  };
}

export async function benchApi(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  const server = await startProduct(dataDir, 4370);
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

if (import.meta.url === `file://${process.argv[1]}`) await benchApi();
