// Draws the link-preview images at build time: the template (og-template.ts) laid out with the
// real font's advances (fontkit), turned into SVG by satori and into PNG by resvg, with a cache
// keyed on everything that shapes the pixels, so a rebuild draws only what changed.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create as createFont, type Font } from 'fontkit';
import satori from 'satori';
import { renderAsync } from '@resvg/resvg-js';
import { OG_HEIGHT, OG_TEMPLATE_VERSION, OG_WIDTH, layoutOgText, ogTree, type Measure, type OgText } from './og-template';

const require = createRequire(import.meta.url);

interface FontFile {
  weight: 400 | 700;
  data: Buffer;
  font: Font;
}

/**
 * Inter from @fontsource (an npm package: the build needs no system font), Latin and Latin
 * Extended, bold and regular; WOFF, which satori reads (not WOFF2).
 */
const FONT_FILES = [
  { weight: 700, file: require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff') },
  { weight: 700, file: require.resolve('@fontsource/inter/files/inter-latin-ext-700-normal.woff') },
  { weight: 400, file: require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff') },
  { weight: 400, file: require.resolve('@fontsource/inter/files/inter-latin-ext-400-normal.woff') },
] as const;

function loadFonts(): FontFile[] {
  return FONT_FILES.map(({ weight, file }) => {
    const data = readFileSync(file);
    return { weight, data, font: createFont(data) as Font };
  });
}

let fonts: FontFile[] | undefined;
const theFonts = () => (fonts ??= loadFonts());

/** Text width with the font satori will use: per character, the first subset that has its glyph. */
export const measureText: Measure = (text, fontSize, weight) => {
  const faces = theFonts().filter((f) => f.weight === weight);
  let units = 0;
  let run = '';
  let runFace: FontFile | undefined;
  const flush = () => {
    if (run && runFace) units += (runFace.font.layout(run).advanceWidth / runFace.font.unitsPerEm) * fontSize;
    run = '';
  };
  for (const char of text) {
    const face = faces.find((f) => f.font.hasGlyphForCodePoint(char.codePointAt(0)!)) ?? faces[0]!;
    if (face !== runFace) {
      flush();
      runFace = face;
    }
    run += char;
  }
  flush();
  return units;
};

let satoriFonts: { name: string; weight: 400 | 700; style: 'normal'; data: Buffer }[] | undefined;

/** The SVG of one image (satori turns the text into paths: the PNG step needs no font). */
export async function ogSvg(text: OgText): Promise<string> {
  const tree = ogTree(layoutOgText(text, measureText));
  // The same array every time: satori keeps the parsed fonts per array (a WeakMap) instead of parsing them again.
  satoriFonts ??= theFonts().map((f) => ({ name: 'Inter', weight: f.weight, style: 'normal' as const, data: f.data }));
  // satori's element type is React's; the tree has the same shape without depending on React.
  return satori(tree as unknown as Parameters<typeof satori>[0], { width: OG_WIDTH, height: OG_HEIGHT, fonts: satoriFonts });
}

export async function renderOgPng(text: OgText): Promise<Buffer> {
  // resvg renders on libuv's thread pool: the next image's layout runs meanwhile.
  const image = await renderAsync(await ogSvg(text), { fitTo: { mode: 'original' } });
  return image.asPng();
}

let inputsHash: string | undefined;
/** Everything but the text that decides the pixels: template version, font files, renderer versions. */
function rendererHash(): string {
  if (inputsHash) return inputsHash;
  const hash = createHash('sha256').update(`template ${OG_TEMPLATE_VERSION} ${OG_WIDTH}x${OG_HEIGHT}\n`);
  for (const f of theFonts()) hash.update(f.data);
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
