// The READMEs point at files by path (`src/features/kiosk/cash-desk/stores/cash-desk.ts`,
// `stores/shop-kiosks.ts` beside a feature's own README): a file moved or deleted leaves a README
// sending the next engineer nowhere. Every path written in backticks must exist, read from the
// project root, the README's own folder or one of its subfolders, src/, src/api, src/features
// (and each side), server/, server/routes or tests/. Run-time folders (DATA_DIR/…, backups/,
// dist's _astro/), what a build or an install writes (dist/, node_modules/: absent from a fresh
// clone, and rewritten while the site tests build), API routes (`v1/orders/{id}`) and what lies
// outside the project (`../shared/…`, the specification) are not files of the tree.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '~server/db/client';

const FOLDERS = ['src', 'server', 'tests', 'seo-data', 'bench', 'scripts'];
const SKIP = /(^|\/)(node_modules|dist|\.git|\.data)$/;
const BASES = ['', 'src', 'src/api', 'src/features', 'src/features/customer', 'src/features/kiosk', 'server', 'server/routes', 'tests'];
/** A path of the tree: segments joined by '/', ending in a known file type or in '/'. */
const FILE_PATH = /^[\w.\-[\]@]+(\/[\w.\-[\]@]*)+$/;
const KNOWN_END = /\.(ts|tsx|mts|mjs|cjs|js|json|md|astro|css|sql|yml|sh)$|\/$/;
const NOT_A_FILE = /^(DATA_DIR|backups|uploads|outbox|_astro|dist|node_modules)\b|^(v1|api|https?)\b|[{}:*]/;

function readmes(dir: string): string[] {
  return readdirSync(path.join(projectRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.test(file) ? [] : readmes(file);
    return entry.name.endsWith('.md') ? [file] : [];
  });
}

const subfolders = (dir: string) =>
  readdirSync(path.join(projectRoot, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !SKIP.test(entry.name))
    .map((entry) => path.posix.join(dir, entry.name));

describe('paths written in the READMEs', () => {
  it('exist in the tree', () => {
    const files = [...readdirSync(projectRoot).filter((name) => name.endsWith('.md')), ...FOLDERS.flatMap(readmes)];
    const missing = files.flatMap((file) => {
      const dir = path.posix.dirname(file);
      const bases = [dir, ...(dir === '.' ? [] : subfolders(dir)), ...BASES];
      return [...readFileSync(path.join(projectRoot, file), 'utf8').matchAll(/`([^`\s]+)`/g)]
        .map(([, written]) => written!)
        .filter((written) => FILE_PATH.test(written) && KNOWN_END.test(written) && !NOT_A_FILE.test(written) && !/^(\/|\.\.\/)/.test(written))
        .filter((written) => !bases.some((base) => existsSync(path.join(projectRoot, base, written))))
        .map((written) => `${file}: ${written}`);
    });
    expect(missing).toEqual([]);
  });
});
