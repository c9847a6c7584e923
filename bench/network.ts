// `npm run bench:network`, and the last table of `npm run bench`: the committed network (1×) beside
// one BENCH_NETWORK_FACTOR times larger (10 by default, written by `seo-data:scale` into a temporary
// folder), each measured the same way in one run on this machine, against the targets a network
// ten times larger must hold (seo-data/README.md, "A larger network"). For each network:
// - the site built twice as `npm run build` builds it (bench/build.ts `buildOurs`, dist/ removed):
//   the first draws the link-preview images its cache lacks, the second is the warm build compared;
// - `npm start` on a fresh data folder (migrate + seed) to its "listening" line;
// - a second start, its RSS once settled and the read p99s (bench/years.ts `measure`);
// - five years of orders written through SQL, then the same start, RSS and reads again.
// The larger network runs first, so dist/ is left built for the committed one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scaleSeoData } from '../scripts/seo-data-scale';
import { projectRoot } from '../server/db/client';
import { configureLogger } from '../server/log';
import { startNpmStart } from '../tests/support/process';
import { freePort } from '../tests/support/free-port';
import { buildOurs, printSplit, type BuildRun } from './build';
import { fillOrders, measure, type Run } from './years';

const FACTOR = Math.max(2, Number(process.env.BENCH_NETWORK_FACTOR ?? 10));
const MIB = 1024 * 1024;

export interface NetworkRun {
  firstBuild: BuildRun;
  warmBuild: BuildRun;
  /** `npm start` on a fresh data folder, to "listening" (ms). */
  firstStartMs: number;
  empty: Run;
  years: { orders: number; run: Run };
}

/** Runs `work` with SEO_DATA_DIR set to `dir` (unset for the committed table), as every reader takes it. */
async function withSeoDataDir<T>(dir: string | undefined, work: () => Promise<T>): Promise<T> {
  const before = process.env.SEO_DATA_DIR;
  if (dir === undefined) delete process.env.SEO_DATA_DIR;
  else process.env.SEO_DATA_DIR = dir;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.SEO_DATA_DIR;
    else process.env.SEO_DATA_DIR = before;
  }
}

async function measureNetwork(label: string): Promise<NetworkRun> {
  console.log(`[bench:network] ${label}: first build…`);
  const firstBuild = await buildOurs();
  console.log(`[bench:network] ${label}: second build…`);
  const warmBuild = await buildOurs();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-network-'));
  try {
    console.log(`[bench:network] ${label}: first start, reads, years of orders…`);
    const t0 = performance.now();
    const first = await startNpmStart(dataDir, await freePort(), {}, { keepOutput: false });
    const firstStartMs = performance.now() - t0;
    first.child.kill('SIGTERM');
    await first.exited;
    const empty = await measure(dataDir);
    const filled = await fillOrders(dataDir);
    return { firstBuild, warmBuild, firstStartMs, empty, years: { orders: filled.orders, run: await measure(dataDir) } };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Line {
  what: string;
  one: number;
  many: number;
  show: (v: number) => string;
  target: string;
  /** The 1× → N× ratio is meaningful (a cost that grows); otherwise a dash. */
  ratio?: boolean;
}

function printTable(one: NetworkRun, many: NetworkRun): void {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const mb = (v: number) => `${v} MB`;
  const mib = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;
  const ms = (v: number) => `${v} ms`;
  const count = (v: number) => v.toLocaleString('en');
  const reads = (run: (n: NetworkRun) => Run, when: string): Line[] =>
    one.empty.reads.map((read, i) => ({ what: `${read.scenario}, p99${when}`, one: Number(run(one).reads[i]!.p99), many: Number(run(many).reads[i]!.p99), show: ms, target: read.target.replace('p99 ', '') }));
  const lines: Line[] = [
    { what: 'pages built', one: one.warmBuild.pagesBuilt, many: many.warmBuild.pagesBuilt, show: count, target: '—', ratio: true },
    { what: 'build, first of this run (draws the preview images its cache lacks), wall', one: one.firstBuild.seconds * 1000, many: many.firstBuild.seconds * 1000, show: s, target: 'measured', ratio: true },
    { what: 'build, warm (a second build), wall', one: one.warmBuild.seconds * 1000, many: many.warmBuild.seconds * 1000, show: s, target: `≤ 6×`, ratio: true },
    { what: 'build, warm, peak RSS of its process tree', one: one.warmBuild.peakRssBytes, many: many.warmBuild.peakRssBytes, show: mib, target: '≤ 1.5×, < 1 GiB', ratio: true },
    { what: '`npm start` first start (migrate + seed), to "listening"', one: one.firstStartMs, many: many.firstStartMs, show: s, target: '≤ 3×', ratio: true },
    { what: '`npm start` second start', one: one.empty.startMs, many: many.empty.startMs, show: s, target: '—', ratio: true },
    { what: 'RSS after start', one: one.empty.idle.rssMb, many: many.empty.idle.rssMb, show: mb, target: '≤ 250 MB', ratio: true },
    ...reads((n) => n.empty, ''),
    { what: 'five years of orders (written through SQL)', one: one.years.orders, many: many.years.orders, show: count, target: '—', ratio: true },
    { what: 'start with those orders', one: one.years.run.startMs, many: many.years.run.startMs, show: s, target: '≤ 2× its empty start', ratio: true },
    { what: 'RSS after that start', one: one.years.run.idle.rssMb, many: many.years.run.idle.rssMb, show: mb, target: '≤ 300 MB', ratio: true },
    ...reads((n) => n.years.run, ', with the orders'),
  ];
  console.log(`\nThe committed network beside one ${FACTOR} times larger (\`npm run seo-data:scale -- --factor ${FACTOR}\`), measured one after the other in one run\n`);
  console.log(`| measure | 1× | ${FACTOR}× | ratio | target |`);
  console.log('|---|---:|---:|---:|---|');
  for (const l of lines) console.log(`| ${l.what} | ${l.show(l.one)} | ${l.show(l.many)} | ${l.ratio ? `${(l.many / l.one).toFixed(2)}×` : '—'} | ${l.target} |`);
  const startRatio = (n: NetworkRun) => (n.years.run.startMs / n.empty.startMs).toFixed(2);
  console.log(`\nstart with five years of orders against empty: 1× ${startRatio(one)}×, ${FACTOR}× ${startRatio(many)}× (target ≤ 2×)`);
  console.log("\nThe warm builds phase by phase (Astro's own timings, bench/build-split.ts)\n");
  printSplit({ '1×': one.warmBuild, [`${FACTOR}×`]: many.warmBuild });
}

export async function benchNetwork(): Promise<{ one: NetworkRun; many: NetworkRun }> {
  // The bulk inserts are slow queries by design: the server's warning for each says nothing here.
  configureLogger({ level: 'error' });
  const scaled = mkdtempSync(path.join(tmpdir(), 'bench-network-seo-'));
  try {
    scaleSeoData({ factor: FACTOR, out: scaled, source: path.join(projectRoot, 'seo-data') });
    const many = await withSeoDataDir(scaled, () => measureNetwork(`${FACTOR}×`));
    const one = await withSeoDataDir(undefined, () => measureNetwork('1×'));
    printTable(one, many);
    return { one, many };
  } finally {
    rmSync(scaled, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchNetwork();
