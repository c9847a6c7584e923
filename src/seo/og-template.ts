// The one template of every link-preview image (og:image): a 1200×630 card with the product's name,
// the page's subject in large type and a line under it. Pure: it lays the text out with a width
// function it is given (the real font's advances at build time, src/seo/og-render.ts) and returns
// the element tree satori draws, so the fitting rules are testable without rendering.

/** Change it whenever the look changes: it is part of every cached image's key. */
export const OG_TEMPLATE_VERSION = 1;
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/** Inner margin of the card; nothing is drawn outside it (the unit test checks the glyphs). */
export const OG_PADDING = 72;
const TEXT_WIDTH = OG_WIDTH - 2 * OG_PADDING;
const TITLE_SIZES = [96, 88, 80, 72, 64, 56, 48];
const TITLE_MAX_LINES = 3;
const TITLE_LINE_HEIGHT = 1.15;
const SMALL_SIZES = [36, 32, 28];
const SMALL_LINE_HEIGHT = 1.3;
const ELLIPSIS = '…';

/** Width in pixels of `text` set at `fontSize` in the title/line weight. */
export type Measure = (text: string, fontSize: number, weight: 400 | 700) => number;

export interface OgText {
  /** Small line at the top: the product's name. */
  kicker: string;
  /** The page's subject: a place, a category, or the site's default title. */
  title: string;
  /** Smaller line under the title (a region, a town), optional. */
  subtitle?: string;
}

export interface FittedText {
  fontSize: number;
  lines: string[];
}

/** Splits `word` into pieces that each fit `width` (a name with no space wider than the card). */
function breakWord(word: string, fits: (s: string) => boolean): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && !fits(piece + char)) {
      pieces.push(piece);
      piece = char;
    } else piece += char;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * Greedy word wrap; words wider than a line are cut by characters when `cutWords` is set. Stops
 * once it has more than `maxLines` lines: the caller needs no more to decide.
 */
function wrap(text: string, fits: (s: string) => boolean, cutWords: boolean, maxLines: number): string[] | null {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (lines.length > maxLines) return lines;
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    if (fits(word)) line = word;
    else if (!cutWords) return null;
    else {
      const pieces = breakWord(word, fits);
      lines.push(...pieces.slice(0, -1));
      line = pieces.at(-1)!;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Shortens `line` until it fits with an ellipsis after it. */
function ellipsize(line: string, fits: (s: string) => boolean): string {
  let chars = [...line.trimEnd()];
  while (chars.length > 0 && !fits(chars.join('').trimEnd() + ELLIPSIS)) chars = chars.slice(0, -1);
  return chars.join('').trimEnd() + ELLIPSIS;
}

/**
 * The largest size at which `text` fits `maxLines` lines of `width`, wrapped at spaces; at the
 * smallest size, long words are cut and what still does not fit ends with an ellipsis. Every line
 * returned fits `width`.
 */
export function fitText(
  text: string,
  measure: Measure,
  options: { sizes: number[]; maxLines: number; width: number; weight: 400 | 700 },
): FittedText {
  const { sizes, maxLines, width, weight } = options;
  const normalized = text.replace(/\s+/g, ' ').trim();
  for (const fontSize of sizes) {
    const fits = (s: string) => measure(s, fontSize, weight) <= width;
    const lines = wrap(normalized, fits, false, maxLines);
    if (lines && lines.length <= maxLines) return { fontSize, lines };
  }
  const fontSize = sizes.at(-1)!;
  const fits = (s: string) => measure(s, fontSize, weight) <= width;
  const lines = wrap(normalized, fits, true, maxLines) ?? [];
  if (lines.length <= maxLines) return { fontSize, lines };
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = ellipsize(`${kept[maxLines - 1]} ${lines[maxLines]}`, fits);
  return { fontSize, lines: kept };
}

export interface OgLayout {
  kicker: FittedText;
  title: FittedText;
  subtitle?: FittedText;
}

export function layoutOgText(text: OgText, measure: Measure): OgLayout {
  const small = (s: string, weight: 400 | 700) => fitText(s, measure, { sizes: SMALL_SIZES, maxLines: 1, width: TEXT_WIDTH, weight });
  return {
    kicker: small(text.kicker, 700),
    title: fitText(text.title, measure, { sizes: TITLE_SIZES, maxLines: TITLE_MAX_LINES, width: TEXT_WIDTH, weight: 700 }),
    subtitle: text.subtitle ? small(text.subtitle, 400) : undefined,
  };
}

/** The height the laid-out text takes, for the test that it stays within the card. */
export function layoutHeight(layout: OgLayout): number {
  const block = (f: FittedText | undefined, lineHeight: number) => (f ? f.lines.length * f.fontSize * lineHeight : 0);
  return block(layout.kicker, SMALL_LINE_HEIGHT) + block(layout.title, TITLE_LINE_HEIGHT) + block(layout.subtitle, SMALL_LINE_HEIGHT);
}

/** A node of the tree satori draws (its React-element-like input, without React). */
export interface OgNode {
  type: string;
  props: { style?: Record<string, string | number>; children?: string | OgNode | OgNode[] };
}

const COLORS = { background: '#0d47a1', accent: '#64b5f6', text: '#ffffff', muted: '#bbdefb' };

function lines(f: FittedText, weight: 400 | 700, color: string, lineHeight: number): OgNode {
  return {
    type: 'div',
    props: {
      style: { display: 'flex', flexDirection: 'column', fontSize: f.fontSize, fontWeight: weight, color, lineHeight },
      // Lines are decided by fitText; satori must not wrap them again.
      children: f.lines.map((line) => ({ type: 'div', props: { style: { whiteSpace: 'pre' }, children: line } })),
    },
  };
}

export function ogTree(layout: OgLayout): OgNode {
  return {
    type: 'div',
    props: {
      style: {
        width: OG_WIDTH,
        height: OG_HEIGHT,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        boxSizing: 'border-box',
        padding: OG_PADDING,
        backgroundColor: COLORS.background,
        borderBottom: `16px solid ${COLORS.accent}`,
        fontFamily: 'Inter',
      },
      children: [
        lines(layout.kicker, 700, COLORS.accent, SMALL_LINE_HEIGHT),
        lines(layout.title, 700, COLORS.text, TITLE_LINE_HEIGHT),
        layout.subtitle ? lines(layout.subtitle, 400, COLORS.muted, SMALL_LINE_HEIGHT) : { type: 'div', props: {} },
      ],
    },
  };
}
