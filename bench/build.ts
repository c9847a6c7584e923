// `npm run bench:build`: our `astro build` against a bare Astro project of the same pages.
// The bare project is generated in a temporary folder: the same page paths as our last build
// (every dist/**/index.html, so the same count and the same three locales under Astro's i18n
// routing with the default locale unprefixed), each a plain page with a title and a little text,
// no integration, built with this project's Astro (its node_modules entries symlinked; its own
// cache folders, so neither build warms the other's). The two builds run as alternating pairs
// (`BENCH_BUILD_PAIRS`, 3 by default) and the table shows the median of each, wall time and peak
// memory of the build's whole process tree (bench/process-tree.ts says how it is read).
//
// Our build runs as `npm run build` does (scripts/build-if-stale.ts: Astro's CLI with a heap cap,
// mimalloc's settings for the bundler);
// the bare one as Astro's CLI comes. Our build is measured cold where every build is cold: dist/ is removed first, while Astro's
// cache folder (node_modules/.astro: the content store and the drawn link-preview images) and
// Vite's are kept, as a second build on a developer's or CI's machine keeps them.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { astroBuildArgs, BUILD_ENV } from '../scripts/build-if-stale';
import { projectRoot } from '../server/db/client';
import { DEFAULT_LOCALE, LOCALES } from '../src/domain/locales';
import { buildSplit, type BuildPhase } from './build-split';
import { runMeasured, type TreeRun } from './process-tree';

const PAIRS = Math.max(1, Number(process.env.BENCH_BUILD_PAIRS ?? 3));
const BUILD_TIMEOUT_MS = 10 * 60_000;
/** Our build against the bare one: at most 3× its wall time, 2× its peak memory. */
const TARGET_RATIO = { time: 3, memory: 2 } as const;
const MIB = 1024 * 1024;

export interface BuildRun {
  seconds: number;
  peakRssBytes: number;
  /** Astro's own count ("N page(s) built"). */
  pagesBuilt: number;
  /** dist/**\/index.html */
  indexPages: string[];
  /** Where the time went, from Astro's output (bench/build-split.ts). */
  split: BuildPhase[];
}

/** Every folder of `dir` holding an index.html, as a path without slashes at either end ('' for the root). */
function indexPagesOf(dir: string, prefix = ''): string[] {
  const pages: string[] = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) pages.push(...indexPagesOf(dir, rel));
    else if (entry.name === 'index.html') pages.push(prefix);
  }
  return pages;
}

/** `astro build` in `root`: ours as every caller builds it (astroBuildArgs), the bare project as Astro's CLI comes. */
async function astroBuild(root: string, command: [string, string[]], environment: Readonly<Record<string, string>> = {}): Promise<BuildRun> {
  const run: TreeRun = await runMeasured(command[0], command[1], {
    cwd: root,
    timeoutMs: BUILD_TIMEOUT_MS,
    // A production build whatever the caller's NODE_ENV (scripts/build-if-stale.ts says why).
    env: { ...process.env, ...environment, FORCE_COLOR: '0', NODE_ENV: 'production' },
  });
  if (run.status !== 0) {
    console.error(run.stdout, run.stderr);
    throw new Error(`astro build in ${root} failed (exit ${run.status})`);
  }
  const pagesBuilt = Number(/(\d+) page\(s\) built/.exec(run.stdout)?.[1] ?? NaN);
  return { seconds: run.seconds, peakRssBytes: run.peakRssBytes, pagesBuilt, indexPages: indexPagesOf(path.join(root, 'dist')), split: buildSplit(run.stdout, run.seconds) };
}

/** Our site, cold as described above; leaves a fresh dist/ that `npm start` reuses. */
export async function buildOurs(): Promise<BuildRun> {
  rmSync(path.join(projectRoot, 'dist'), { recursive: true, force: true });
  const run = await astroBuild(projectRoot, [process.execPath, astroBuildArgs(projectRoot)], BUILD_ENV);
  // The same stamp `npm start` checks (scripts/build-if-stale.ts), so the fresh build is reused.
  writeFileSync(path.join(projectRoot, 'dist', '.build-stamp'), new Date().toISOString());
  return run;
}

/** The bare project's one route: `pages` and the locales are written into getStaticPaths (it runs apart from the rest of the frontmatter). */
const barePage = (pages: string[]) => `---
export function getStaticPaths() {
  const locales = ${JSON.stringify(LOCALES)};
  return ${JSON.stringify(pages)}.map((page) => {
    const first = page.split('/')[0];
    return { params: { page: page || undefined }, props: { lang: locales.includes(first) ? first : ${JSON.stringify(DEFAULT_LOCALE)} } };
  });
}
const { page } = Astro.params;
const { lang } = Astro.props;
---
<html lang={lang}>
  <head>
    <meta charset="utf-8" />
    <title>{page ?? 'home'}</title>
  </head>
  <body>
    <h1>{page ?? 'home'}</h1>
    <p>A plain page in {lang}, with a little text and a <a href="/">link home</a>.</p>
  </body>
</html>
`;

/** A bare Astro project with `pages` (paths as indexPagesOf gives them) in a new temporary folder. */
export function makeBareProject(pages: string[]): string {
  const root = mkdtempSync(path.join(tmpdir(), 'bench-build-bare-'));
  // Our packages, but a node_modules of its own: Astro's and Vite's caches land in it, not in ours.
  mkdirSync(path.join(root, 'node_modules'));
  const ours = path.join(projectRoot, 'node_modules');
  for (const entry of readdirSync(ours))
    if (entry !== '.astro' && entry !== '.vite') symlinkSync(path.join(ours, entry), path.join(root, 'node_modules', entry));
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'bare-astro', private: true, type: 'module' }));
  writeFileSync(
    path.join(root, 'astro.config.mjs'),
    `import { defineConfig } from 'astro/config';
export default defineConfig({
  site: 'http://localhost:4321',
  output: 'static',
  build: { format: 'directory' },
  i18n: {
    defaultLocale: ${JSON.stringify(DEFAULT_LOCALE)},
    locales: ${JSON.stringify(LOCALES)},
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
});
`,
  );
  mkdirSync(path.join(root, 'src', 'pages'), { recursive: true });
  writeFileSync(path.join(root, 'src', 'pages', '[...page].astro'), barePage(pages));
  return root;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export interface BuildBenchResult {
  pairs: { ours: BuildRun; bare: BuildRun }[];
  /** Our last build (its dist/ is the one left in place). */
  last: BuildRun;
}

function printTable({ pairs }: BuildBenchResult): void {
  const mib = (bytes: number) => (bytes / MIB).toFixed(0);
  console.log(`\nastro build: ours (npm run build, cold: dist/ removed, caches kept) against a bare Astro project of the same ${pairs[0].ours.indexPages.length} pages, ${pairs.length} alternating pairs\n`);
  console.log('| pair | ours s | bare s | ours peak MiB | bare peak MiB |');
  console.log('|---|---:|---:|---:|---:|');
  pairs.forEach(({ ours, bare }, i) => console.log(`| ${i + 1} | ${ours.seconds.toFixed(1)} | ${bare.seconds.toFixed(1)} | ${mib(ours.peakRssBytes)} | ${mib(bare.peakRssBytes)} |`));
  const rows = [
    { what: 'wall time (s)', target: TARGET_RATIO.time, ours: median(pairs.map((p) => p.ours.seconds)), bare: median(pairs.map((p) => p.bare.seconds)), show: (v: number) => v.toFixed(1) },
    { what: 'peak RSS of the process tree (MiB)', target: TARGET_RATIO.memory, ours: median(pairs.map((p) => p.ours.peakRssBytes)), bare: median(pairs.map((p) => p.bare.peakRssBytes)), show: mib },
  ];
  console.log('\n| median | ours | bare | ratio | target |');
  console.log('|---|---:|---:|---:|---|');
  for (const r of rows) console.log(`| ${r.what} | ${r.show(r.ours)} | ${r.show(r.bare)} | ${(r.ours / r.bare).toFixed(2)}× | ≤ ${r.target}× |`);
  console.log(`\npages built: ours ${pairs[0].ours.pagesBuilt}, bare ${pairs[0].bare.pagesBuilt}`);
  console.log("\nWhere the time goes (the last pair; Astro's own timings, bench/build-split.ts)\n");
  printSplit({ ours: pairs.at(-1)!.ours, bare: pairs.at(-1)!.bare });
}

/** Two or more builds side by side, phase by phase, as Astro timed them (a column per build). */
export function printSplit(builds: Record<string, BuildRun>): void {
  const names = Object.keys(builds);
  const phases = [...new Set(Object.values(builds).flatMap((b) => b.split.map((p) => p.phase)))];
  console.log(`| phase | ${names.map((n) => `${n} s`).join(' | ')} |`);
  console.log(`|---|${names.map(() => '---:').join('|')}|`);
  for (const phase of phases) {
    const cells = names.map((n) => builds[n]!.split.find((p) => p.phase === phase)?.seconds.toFixed(2) ?? '—');
    console.log(`| ${phase} | ${cells.join(' | ')} |`);
  }
}

export async function benchBuild(): Promise<BuildBenchResult> {
  const pairs: BuildBenchResult['pairs'] = [];
  let bareRoot: string | undefined;
  try {
    for (let i = 0; i < PAIRS; i++) {
      console.log(`[bench:build] pair ${i + 1}/${PAIRS}: our build…`);
      const ours = await buildOurs();
      // Generated from our first build's pages, so the page count follows the site.
      bareRoot ??= makeBareProject(ours.indexPages);
      rmSync(path.join(bareRoot, 'dist'), { recursive: true, force: true });
      console.log(`[bench:build] pair ${i + 1}/${PAIRS}: bare build…`);
      const bare = await astroBuild(bareRoot, [path.join(projectRoot, 'node_modules', '.bin', 'astro'), ['build']]);
      pairs.push({ ours, bare });
    }
  } finally {
    if (bareRoot) rmSync(bareRoot, { recursive: true, force: true });
  }
  const result = { pairs, last: pairs.at(-1)!.ours };
  printTable(result);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBuild();
