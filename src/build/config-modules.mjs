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
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleForNode } from './node-bundle.mjs';

/**
 * Bundles `entry` (a path from `root`) and returns the bundle's URL for import(), in a folder of
 * this project's own inside node_modules (worktrees may share a node_modules).
 * @param {string} root
 * @param {string} entry
 * @returns {Promise<string>}
 */
export async function bundleConfigModules(root, entry) {
  const outdir = path.join(root, 'node_modules', '.cache', 'astro-config', createHash('sha256').update(root).digest('hex').slice(0, 12));
  const outputs = Object.entries(await bundleForNode({ root, outdir, entryPoints: [path.join(root, entry)], entryNames: '[name]-[hash]' }));
  const main = outputs.find(([, output]) => output.entryPoint !== undefined);
  if (!main) throw new Error(`esbuild wrote no bundle for ${entry}`);
  return pathToFileURL(path.resolve(root, main[0])).href;
}
