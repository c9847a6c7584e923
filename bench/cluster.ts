// The two-process scenario of `npm run bench:api`, run when BENCH_DATABASE_URL names a
// PostgreSQL server: one API process, then two (A and B) on a fresh database, each started as
// `npm start` starts it, with the same load from this process; where the orders' CPU went (the API
// processes, PostgreSQL, this bench, idle); and the time from a commit through A to a fresh answer
// from B.
import autocannon from 'autocannon';
import { addDays, todayInRome } from '../src/domain/dates';
import { clusterDatabase, startApiProcess, type ApiProcess } from '../tests/support/cluster';
import { withCpuSplit, type CpuSplit } from './cpu-split';
import { orders } from './orders';
import { TERMS_VERSION } from '../src/domain/terms';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
/** Commits timed from A to B. */
const PROPAGATION_SAMPLES = 200;
/** The bench places many orders from one address and e-mail domain: its limits are lifted. */
const ENV = { ORDERS_PER_ADDRESS_PER_HOUR: String(Number.MAX_SAFE_INTEGER), PAYMENT_SIMULATOR: '0' };

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** Availability requests spread over the processes (50 connections in all); p99 is the worst process's. */
async function availability(bases: readonly string[], from: string, to: string) {
  const results = await Promise.all(
    bases.map((base) =>
      autocannon({ url: `${base}/api/v1/shops/1/availabilities?from=${from}&to=${to}`, connections: CONNECTIONS / bases.length, duration: DURATION }),
    ),
  );
  return {
    rps: Math.round(results.reduce((sum, r) => sum + r.requests.average, 0)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
  };
}

/** Orders of one unit through A, each on its own day; B is polled until it answers the new count. */
async function propagation(a: string, b: string): Promise<{ p50: number; p99: number; max: number }> {
  // A shop open all year: the samples book PROPAGATION_SAMPLES days in a row.
  const shop = 2;
  const start = addDays(todayInRome(), 400);
  const load = (await (await fetch(`${a}/api/v1/shops/${shop}?from=${start}`)).json()) as {
    data: { products: { id: number; current_price: { id: number } | null }[] };
  };
  const product = load.data.products.find((p) => p.current_price)!;
  const free = async (day: string) =>
    ((await (await fetch(`${b}/api/v1/shops/${shop}/availabilities?from=${day}&to=${day}`)).json()) as { availabilities: Record<string, number> })
      .availabilities[product.id]!;
  const samples: number[] = [];
  for (let i = 0; i < PROPAGATION_SAMPLES; i++) {
    const day = addDays(start, i);
    const before = await free(day);
    const form = new FormData();
    const fields: Record<string, string> = {
      from: day,
      terms_version: TERMS_VERSION,
      first_name: 'Bench',
      last_name: `P${i}`,
      phone: '+39 333 0000000',
      email: `propagation${i}@example.com`,
      'cart[0][prices][0]': String(product.current_price!.id),
    };
    for (const f of ['first_name', 'last_name', 'height', 'weight', 'shoe_size', 'level']) fields[`cart[0][customer][${f}]`] = '1';
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const res = await fetch(`${a}/api/v1/shops/${shop}/orders`, { method: 'POST', body: form });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`propagation order ${res.status}`);
    // Timed from the moment A answered: the commit happened just before.
    const committed = performance.now();
    while ((await free(day)) !== before - 1) {
      if (performance.now() - committed > 5000) throw new Error('B never answered the new count');
    }
    samples.push(performance.now() - committed);
  }
  samples.sort((x, y) => x - y);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { p50: round(percentile(samples, 0.5)), p99: round(percentile(samples, 0.99)), max: round(samples.at(-1)!) };
}

export async function benchCluster(adminUrl: string): Promise<void> {
  const from = addDays(todayInRome(), 20);
  const to = addDays(from, 6);
  const rows: string[] = [];
  const cpuRows: string[] = [];
  for (const processes of [1, 2]) {
    const database = await clusterDatabase(adminUrl);
    const servers: ApiProcess[] = [];
    try {
      for (let i = 0; i < processes; i++) servers.push(await startApiProcess(database.url, ENV, { asNpmStart: true }));
      const bases = servers.map((s) => s.url);
      for (const base of bases) await autocannon({ url: `${base}/api/v1/shops/1/availabilities?from=${from}&to=${to}`, connections: 10, duration: 2 });
      const avail = await availability(bases, from, to);
      const { result: placed, cpu } = await withCpuSplit(
        servers.map((s) => s.child.pid!),
        () => orders(bases),
      );
      cpuRows.push(cpuRow(processes, cpu, placed.placed + placed.refused));
      rows.push(`| ${processes} | ${placed.perSecond} | ${placed.p99} | ${placed.refused} | ${avail.rps} | ${avail.p99} | ${avail.errors} |`);
      if (processes === 2) {
        const times = await propagation(bases[0]!, bases[1]!);
        rows.push('', `commit through A → fresh answer from B, ${PROPAGATION_SAMPLES} orders: p50 ${times.p50} ms, p99 ${times.p99} ms, max ${times.max} ms`);
      }
    } finally {
      for (const s of servers) await s.stop();
      await database.dispose();
    }
  }
  console.log(`\nReference API on PostgreSQL, one process vs two (A, B), ${CONNECTIONS} connections in all, ${DURATION} s per scenario (loopback)\n`);
  console.log('| processes | orders placed/s | order p99 ms | refused | availability req/s | availability p99 ms | errors |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
  console.log(`\nWhere the orders' CPU went (cores' worth over the orders' round: ${DURATION} s and its setup reads, bench/cpu-split.ts)\n`);
  console.log('| processes | API processes | PostgreSQL | bench (load) | other | idle | cores | API CPU ms per order |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of cpuRows) console.log(row);
}

const cpuRow = (processes: number, cpu: CpuSplit, sent: number) =>
  `| ${processes} | ${cpu.api} | ${cpu.postgres} | ${cpu.bench} | ${cpu.other} | ${cpu.idle} | ${cpu.cores} | ${((cpu.api * cpu.seconds * 1000) / Math.max(1, sent)).toFixed(1)} |`;
