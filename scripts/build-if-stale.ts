// Decides whether `dist/` must be rebuilt: missing, older than any source it is built from, or built
// for another site address (its sitemap and canonical links name it).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { seoDataDir } from '../seo-data/dir';

// With the SEO table's folder (seo-data/, or SEO_DATA_DIR's), wherever it is.
const inputs = ['src', 'i18n', 'seo-data', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json'];
const stampName = '.build-stamp';

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === 'node_modules' || child.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

/** The site address dist/ was built for, from its stamp (null: none recorded). */
function builtFor(stamp: string): string | null {
  try {
    return (JSON.parse(readFileSync(stamp, 'utf8')) as { siteUrl?: string }).siteUrl ?? null;
  } catch {
    return null;
  }
}

/** `siteUrl`: the address the site must be built for, the server configuration's (demo mode follows PORT). */
export function isDistStale(root: string, siteUrl: string): boolean {
  const stamp = path.join(root, 'dist', stampName);
  if (!existsSync(stamp)) return true;
  if (builtFor(stamp) !== siteUrl.replace(/\/+$/, '')) return true;
  const built = statSync(stamp).mtimeMs;
  return [...inputs.map((input) => path.join(root, input)), seoDataDir()].some((input) => newestMtime(input) > built);
}

/**
 * Old-generation cap of the build's Node process, in MB. On Vite 6 (Rollup, in JavaScript) V8 let
 * the build's garbage pile up to the room it had (peak RSS 780–810 MiB uncapped, 630–660 capped at
 * 384). On Vite 8 the bundler is native and the V8 heap stays under 170 MB committed all through
 * the build (`--trace-gc`, 2026-11-27): the cap is a guard against a runaway, no longer a lever.
 */
export const BUILD_HEAP_MB = 384;

/**
 * The build's allocator. Rolldown (Vite 8's bundler, native code) allocates with mimalloc, which by
 * default commits its arena up front and gives freed pages back to the system a second later: for
 * a build whose native allocations peak near 60 MiB, 455 MiB stayed committed and 187 MiB touched
 * (`MIMALLOC_SHOW_STATS=1`). With freed pages given back at once and the arena committed as it is
 * used, the build's peak RSS (its whole process group) went 643–660 → 426–443 MiB, wall time alike
 * (two alternating rounds, idle 2-core machine, 2026-11-27). mimalloc reads these when the bundler's
 * binary loads, before any of our code runs, so they are the process's environment, not a setting.
 */
export const BUILD_ENV: Readonly<Record<string, string>> = { MIMALLOC_PURGE_DELAY: '0', MIMALLOC_ARENA_EAGER_COMMIT: '0' };

/**
 * The site's build, the one command every caller runs (`npm start` when dist/ is stale, the site
 * tests, the build benchmark) and `npm run build` spells out (a unit test keeps them the same):
 * Astro's CLI in a Node process with the heap cap above, in an environment with BUILD_ENV.
 */
export const astroBuildArgs = (root: string): string[] => [
  `--max-old-space-size=${BUILD_HEAP_MB}`,
  path.join(root, 'node_modules', 'astro', 'astro.js'),
  'build',
];

export function buildSite(root: string, siteUrl: string): void {
  const site = siteUrl.replace(/\/+$/, '');
  // Always a production build: called from Vitest, the environment says NODE_ENV=test, and Vite
  // would then bundle React's development build (3× larger, with dev-only warnings) into dist/,
  // which `npm start` would go on serving.
  const env = { ...process.env, ...BUILD_ENV, NODE_ENV: 'production', PUBLIC_SITE_URL: site };
  const result = spawnSync(process.execPath, astroBuildArgs(root), { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`astro build failed (exit ${result.status})`);
  writeFileSync(path.join(root, 'dist', stampName), JSON.stringify({ builtAt: new Date().toISOString(), siteUrl: site }));
}
