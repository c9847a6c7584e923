// The link-preview images at build time, through a cache keyed on everything that shapes the
// pixels, so a rebuild draws only what changed; og-draw.ts draws one. It is imported when the
// first image is missing, not with this module: its libraries (fontkit, satori, resvg) take about a
// second of the start-up of a build that finds every image in the cache. An import() from a build
// hook works because Node loads the config and this module (astro.config.mjs); had Astro loaded
// them through its Vite module runner, closed by the time the hooks run, it would fail.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { OG_FONT_FILES } from './og-fonts';
import { OG_HEIGHT, OG_TEMPLATE_VERSION, OG_WIDTH, type OgText } from './og-template';

const require = createRequire(import.meta.url);

let inputsHash: string | undefined;
/** Everything but the text that decides the pixels: template version, font files, renderer versions. */
function rendererHash(): string {
  if (inputsHash) return inputsHash;
  const hash = createHash('sha256').update(`template ${OG_TEMPLATE_VERSION} ${OG_WIDTH}x${OG_HEIGHT}\n`);
  for (const f of OG_FONT_FILES) hash.update(readFileSync(f.file));
  for (const pkg of ['satori', '@resvg/resvg-js']) hash.update(`${pkg}@${(require(`${pkg}/package.json`) as { version: string }).version}\n`);
  return (inputsHash = hash.digest('hex'));
}

export const ogCacheKey = (text: OgText): string =>
  createHash('sha256').update(rendererHash()).update(JSON.stringify([text.kicker, text.title, text.subtitle ?? null])).digest('hex').slice(0, 32);

export interface OgStats {
  images: number;
  drawn: number;
  cached: number;
  ms: number;
}

/**
 * Draws into `cacheDir` every image not there yet (keyed on its text and the renderer; a file is
 * moved in whole, never half written) and returns where each one is, by name.
 */
export async function drawOgImages(images: (OgText & { name: string })[], cacheDir: string): Promise<{ files: Map<string, string>; stats: OgStats }> {
  const started = performance.now();
  mkdirSync(cacheDir, { recursive: true });
  const files = new Map<string, string>();
  let drawn = 0;
  // Two at a time: one image's layout (main thread) overlaps the other's rasterizing (thread pool).
  const queue = [...images];
  const worker = async () => {
    for (let image = queue.shift(); image; image = queue.shift()) {
      const cached = path.join(cacheDir, `${ogCacheKey(image)}.png`);
      if (!existsSync(cached)) {
        const partial = `${cached}.${process.pid}.tmp`;
        const { renderOgPng } = await import('./og-draw');
        writeFileSync(partial, await renderOgPng(image));
        renameSync(partial, cached);
        drawn++;
      }
      files.set(image.name, cached);
    }
  };
  await Promise.all([worker(), worker()]);
  return { files, stats: { images: images.length, drawn, cached: images.length - drawn, ms: Math.round(performance.now() - started) } };
}

/** Copies the drawn images to `<outDir>/<name>.png`. */
export function copyOgImages(files: Map<string, string>, outDir: string): void {
  mkdirSync(outDir, { recursive: true });
  for (const [name, file] of files) copyFileSync(file, path.join(outDir, `${name}.png`));
}
