// Draws one link-preview image: the template (og-template.ts) laid out with the real font's
// advances (fontkit), turned into SVG by satori and into PNG by resvg. Loaded by og-render.ts only
// when an image is missing from the cache: these libraries and the parsed fonts cost about a second
// and 45 MiB of a build that draws nothing.
import { readFileSync } from 'node:fs';
import { create as createFont, type Font } from 'fontkit';
import satori from 'satori';
import { renderAsync } from '@resvg/resvg-js';
import { OG_FONT_FILES } from './og-fonts';
import { OG_HEIGHT, OG_WIDTH, layoutOgText, ogTree, type Measure, type OgText } from './og-template';

interface FontFile {
  weight: 400 | 700;
  data: Buffer;
  font: Font;
}

function loadFonts(): FontFile[] {
  return OG_FONT_FILES.map(({ weight, file }) => {
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
