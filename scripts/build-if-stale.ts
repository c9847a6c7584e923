// Decides whether `dist/` must be rebuilt: missing, or older than any source it is built from.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

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

export function isDistStale(root: string): boolean {
  const stamp = path.join(root, 'dist', stampName);
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return inputs.some((input) => newestMtime(path.join(root, input)) > built);
}

/**
 * Old-generation cap of the build's Node process, in MB. Uncapped, V8 lets the build's garbage
 * pile up to the room it has (peak RSS of the build 780–810 MiB on the 2-core, 24 GB machine);
 * capped at 384 it collects instead: 630–660 MiB, no slower (alternating pairs, under load).
 * 256 runs out of heap: the live set peaks near 300 MB while the client bundle is written.
 */
export const BUILD_HEAP_MB = 384;

/**
 * The site's build, the one command every caller runs (`npm start` when dist/ is stale, the site
 * tests, the build benchmark) and `npm run build` spells out (a unit test keeps them the same):
 * Astro's CLI in a Node process with the heap cap above.
 */
export const astroBuildArgs = (root: string): string[] => [
  `--max-old-space-size=${BUILD_HEAP_MB}`,
  path.join(root, 'node_modules', 'astro', 'astro.js'),
  'build',
];

export function buildSite(root: string): void {
  // Always a production build: called from Vitest, the environment says NODE_ENV=test, and Vite
  // would then bundle React's development build (3× larger, with dev-only warnings) into dist/,
  // which `npm start` would go on serving.
  const result = spawnSync(process.execPath, astroBuildArgs(root), { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) throw new Error(`astro build failed (exit ${result.status})`);
  writeFileSync(path.join(root, 'dist', stampName), new Date().toISOString());
}
