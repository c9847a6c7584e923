// @ts-check
// esbuild bundles of the project's TypeScript, for Node to load without a loader: `npm start`'s
// server (scripts/launch.mjs) and the modules astro.config.mjs uses (./config-modules.mjs).
// Plain JavaScript, because both run before anything can compile TypeScript.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * Each module keeps its own `import.meta.url` (the source file's): the server finds the project's
 * folders (migrations, seo-data, dist), seo-data/dir.ts its folder and og-fonts.ts its font files
 * from where they are, as when Node or tsx loads them one by one.
 * @type {import('esbuild').Plugin}
 */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.(ts|tsx|mjs|js)$/ }, async (file) => ({
      contents: (await readFile(file.path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file.path).href)),
      loader: file.path.endsWith('.tsx') ? 'tsx' : file.path.endsWith('.ts') ? 'ts' : 'js',
    }));
  },
};

/**
 * Bundles `entryPoints` (paths from `root`) into `outdir` as ES modules for Node 20, a chunk for
 * what entries share and for each lazy import(), packages left to Node (so `outdir` sits inside
 * node_modules, where their imports resolve). Chunks are named by their content: those of earlier
 * bundles go, this one's stay. Returns esbuild's outputs, by path from `root`.
 * @param {{ root: string, outdir: string, entryPoints: string[] | Record<string, string>, entryNames?: string, define?: Record<string, string> }} options
 * @returns {Promise<import('esbuild').Metafile['outputs']>}
 */
export async function bundleForNode({ root, outdir, entryPoints, entryNames, define }) {
  const { metafile } = await build({
    entryPoints,
    entryNames,
    define,
    absWorkingDir: root,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    plugins: [ownUrl],
    metafile: true,
  });
  const built = new Set(Object.keys(metafile.outputs).map((file) => path.resolve(root, file)));
  for (const file of await readdir(outdir)) if (!built.has(path.join(outdir, file))) await rm(path.join(outdir, file), { force: true });
  return metafile.outputs;
}
