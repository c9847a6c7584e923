// Vite writes, beside each dynamic import, the list of files to preload with it (its
// `__vite__mapDeps` table). It lists every chunk the imported one needs, including the chunks the
// importing chunk has already loaded through its own static imports: those are in the browser
// before the import can run, so their names are bytes sent for nothing (1.6 KB gzip of an order
// page's JavaScript). This plugin drops them; the preload of what is not loaded yet is unchanged.

/**
 * Every file a chunk loads before it runs: its static imports and theirs.
 * @param {string} chunk
 * @param {(fileName: string) => readonly string[] | undefined} importsOf
 * @returns {Set<string>}
 */
export function staticallyLoaded(chunk, importsOf) {
  const seen = new Set();
  const next = [...(importsOf(chunk) ?? [])];
  while (next.length > 0) {
    const file = /** @type {string} */ (next.pop());
    if (seen.has(file)) continue;
    seen.add(file);
    next.push(...(importsOf(file) ?? []));
  }
  return seen;
}

/**
 * What a dynamic import in `host` still has to preload: `deps` without the host's static closure.
 * @param {string} host
 * @param {readonly string[]} deps
 * @param {(fileName: string) => readonly string[] | undefined} importsOf
 * @returns {string[]}
 */
export function preloadStillNeeded(host, deps, importsOf) {
  const loaded = staticallyLoaded(host, importsOf);
  return deps.filter((dep) => !loaded.has(dep));
}

/**
 * The Vite settings: a plugin that keeps the bundle's import graph (read before Vite's own
 * generateBundle writes the tables) and `build.modulePreload.resolveDependencies` that uses it.
 * @returns {{ plugin: import('vite').Plugin, modulePreload: { resolveDependencies: (file: string, deps: string[], context: { hostId: string }) => string[] } }}
 */
export function preloadWithoutLoaded() {
  /** @type {Record<string, { type: string, imports?: string[] }> | null} */
  let bundle = null;
  const importsOf = (/** @type {string} */ fileName) => {
    const entry = bundle?.[fileName];
    return entry?.type === 'chunk' ? entry.imports : undefined;
  };
  return {
    plugin: {
      name: 'preload-without-loaded',
      generateBundle: {
        order: 'pre',
        handler(_options, output) {
          bundle = /** @type {any} */ (output);
        },
      },
    },
    modulePreload: {
      resolveDependencies: (_file, deps, { hostId }) => (bundle ? preloadStillNeeded(hostId, deps, importsOf) : deps),
    },
  };
}
