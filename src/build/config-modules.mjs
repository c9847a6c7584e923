// @ts-check
// The project's modules astro.config.mjs uses are TypeScript and import by name (tsconfig.json
// "paths", README.md "Imports"), which Node cannot load by itself. esbuild bundles them into one
// ES module (and a chunk per lazy import()), packages left to Node, and the config imports that.
// Why not a loader such as tsx, registered in the config: its hooks stay in Node's module loader
// for the whole build, so every module Astro and Vite load afterwards (their plugins, each page's
// chunk) takes a round trip to the loader's thread; this costs one esbuild call, about a tenth of a
// second, and nothing after. Astro imports the config with Node first, so the bundle is loaded by
// Node too, and an import() it makes from a build hook (src/seo/og-render.ts) works.
import { createHash } from 'node:crypto';
import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * Each module keeps its own `import.meta.url` (the source file's): seo-data/dir.ts finds its folder
 * and og-fonts.ts its font files from where they are, as when Node loads them one by one.
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
 * Bundles `entry` (a path from `root`) and returns the bundle's URL for import(). The files are
 * named by their content, inside node_modules so the bundle's imports of packages resolve from
 * where it is, in a folder of this project's own (worktrees may share a node_modules); those of
 * earlier builds go.
 * @param {string} root
 * @param {string} entry
 * @returns {Promise<string>}
 */
export async function bundleConfigModules(root, entry) {
  const outdir = path.join(root, 'node_modules', '.cache', 'astro-config', createHash('sha256').update(root).digest('hex').slice(0, 12));
  const { metafile } = await build({
    entryPoints: [path.join(root, entry)],
    entryNames: '[name]-[hash]',
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
  const outputs = Object.entries(metafile.outputs);
  const built = new Set(outputs.map(([file]) => path.resolve(root, file)));
  for (const file of await readdir(outdir)) if (!built.has(path.join(outdir, file))) await rm(path.join(outdir, file), { force: true });
  const main = outputs.find(([, output]) => output.entryPoint !== undefined);
  if (!main) throw new Error(`esbuild wrote no bundle for ${entry}`);
  return pathToFileURL(path.resolve(root, main[0])).href;
}
