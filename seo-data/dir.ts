// Where every reader of the SEO table finds it: the build (content collections, offers, pictures,
// trails, link previews), the API's seed and its vouchers' shop hours, the benchmarks. One folder
// for all of them, so a larger network generated elsewhere (`npm run seo-data:scale`) is read whole
// by setting SEO_DATA_DIR, never half from it and half from the committed table.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The variable naming another folder with the table's files (a relative path is taken from the project folder). */
export const SEO_DATA_DIR_ENV = 'SEO_DATA_DIR';

const here = path.dirname(fileURLToPath(import.meta.url));
// Under tsx, Vitest and the server this module sits in seo-data/, beside the schema. Bundled into
// Astro's pages it has no stable place of its own; the build runs from the project folder.
const projectRoot = existsSync(path.join(here, 'schema.ts')) ? path.dirname(here) : process.cwd();

/** The folder of the SEO table: SEO_DATA_DIR when set, else the committed seo-data/. */
export function seoDataDir(env: Record<string, string | undefined> = process.env): string {
  const dir = env[SEO_DATA_DIR_ENV];
  return dir ? path.resolve(projectRoot, dir) : path.join(projectRoot, 'seo-data');
}

/** A file of the table, e.g. seoDataFile('shops.json'). */
export const seoDataFile = (...parts: string[]): string => path.join(seoDataDir(), ...parts);
