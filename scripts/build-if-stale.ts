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

export function buildSite(root: string): void {
  const astro = path.join(root, 'node_modules', '.bin', 'astro');
  // Always a production build: called from Vitest, the environment says NODE_ENV=test, and Vite
  // would then bundle React's development build (3× larger, with dev-only warnings) into dist/,
  // which `npm start` would go on serving.
  const result = spawnSync(astro, ['build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) throw new Error(`astro build failed (exit ${result.status})`);
  writeFileSync(path.join(root, 'dist', stampName), new Date().toISOString());
}
