// The link-preview template with the real font: long names wrap, then shrink, then are cut with an
// ellipsis, and no glyph is ever drawn outside the card's margins.
import { describe, expect, it } from 'vitest';
import { OG_HEIGHT, OG_PADDING, OG_WIDTH, fitText, layoutHeight, layoutOgText } from '~/seo/og-template';
import { measureText, ogSvg } from '~/seo/og-draw';

const TEXT_WIDTH = OG_WIDTH - 2 * OG_PADDING;
const title = (text: string) => layoutOgText({ kicker: 'RentAlp', title: text }, measureText).title;

/** Bounding box of the text satori drew: glyphs become filled paths (the border is a stroked one). */
function textBox(svg: string) {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [, d] of svg.matchAll(/<path fill="#[0-9a-f]+" d="([^"]+)"/g)) {
    // satori writes absolute commands only (M, L, Q, C, Z): every pair of numbers is a point.
    expect(d).not.toMatch(/[a-z]/);
    const numbers = d!.match(/-?\d+(\.\d+)?/g)!.map(Number);
    for (let i = 0; i + 1 < numbers.length; i += 2) {
      xs.push(numbers[i]!);
      ys.push(numbers[i + 1]!);
    }
  }
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys), points: xs.length };
}

describe('fitting the title', () => {
  it('a short name stays on one line at the largest size', () => {
    expect(title('Sestriere')).toEqual({ fontSize: 96, lines: ['Sestriere'] });
  });

  it('a longer name wraps at spaces before it shrinks', () => {
    const fitted = title('Sport Noleggio Sestriere Centro');
    expect(fitted.fontSize).toBe(96);
    expect(fitted.lines.length).toBeGreaterThan(1);
    expect(fitted.lines.join(' ')).toBe('Sport Noleggio Sestriere Centro');
  });

  it('a name too long for three lines at the largest size shrinks, keeping every word', () => {
    const text = 'Scuola di sci alpinismo e noleggio attrezzatura della Val di Susa e del Monginevro';
    const fitted = title(text);
    expect(fitted.fontSize).toBeLessThan(96);
    expect(fitted.lines.length).toBeLessThanOrEqual(3);
    expect(fitted.lines.join(' ')).toBe(text);
  });

  it('a word wider than the card is cut, and what cannot fit ends with an ellipsis', () => {
    const fitted = title(`${'Supercalifragilistichespiralidoso'.repeat(3)} ${'parola '.repeat(60)}`);
    expect(fitted.fontSize).toBe(48);
    expect(fitted.lines).toHaveLength(3);
    expect(fitted.lines[2]).toMatch(/…$/);
  });

  it('every line fits the text width, and the whole block the card height, whatever the length', () => {
    for (const length of [1, 8, 25, 60]) {
      const text = Array.from({ length }, (_, i) => ['Pré-Saint-Didier', 'Noleggio', 'Courmayeur', 'W'.repeat(i % 40 + 1)][i % 4]).join(' ');
      const layout = layoutOgText({ kicker: 'RentAlp '.repeat(length), title: text, subtitle: `Valle d’Aosta · ${text}` }, measureText);
      for (const [fitted, weight] of [[layout.kicker, 700], [layout.title, 700], [layout.subtitle!, 400]] as const)
        for (const line of fitted.lines) expect(measureText(line, fitted.fontSize, weight), line).toBeLessThanOrEqual(TEXT_WIDTH);
      expect(layout.kicker.lines).toHaveLength(1);
      expect(layout.subtitle!.lines).toHaveLength(1);
      expect(layoutHeight(layout)).toBeLessThanOrEqual(OG_HEIGHT - 2 * OG_PADDING);
    }
  });

  it('measures with the real font: wider glyphs make wider text, and the size scales it', () => {
    expect(measureText('WWWW', 96, 700)).toBeGreaterThan(measureText('iiii', 96, 700));
    expect(measureText('Sestriere', 48, 700) * 2).toBeCloseTo(measureText('Sestriere', 96, 700), 5);
    expect(measureText('Sestriere', 96, 700)).toBeGreaterThan(measureText('Sestriere', 96, 400));
  });

  it('keeps an ellipsised line within the width too', () => {
    const fitted = fitText('Lorem ipsum dolor sit amet consectetur', measureText, { sizes: [40], maxLines: 1, width: 300, weight: 700 });
    expect(fitted.lines).toHaveLength(1);
    expect(fitted.lines[0]).toMatch(/…$/);
    expect(measureText(fitted.lines[0]!, 40, 700)).toBeLessThanOrEqual(300);
  });
});

describe('the drawn card', () => {
  it.each([
    ['a short name', { kicker: 'RentAlp', title: 'Alba', subtitle: 'Piemonte' }],
    [
      'a very long name',
      {
        kicker: 'RentAlp Noleggi Alpini e della Riviera Ligure di Ponente e di Levante',
        title: `Noleggio ${'Montagnadellevalliocchitane'.repeat(4)} ${'e delle valli valdesi '.repeat(12)}`,
        subtitle: `Pré-Saint-Didier · Valle d’Aosta ${'· Courmayeur '.repeat(10)}`,
      },
    ],
  ])('%s draws every glyph inside the margins', async (_, text) => {
    const svg = await ogSvg(text);
    expect(svg).toMatch(new RegExp(`^<svg[^>]*width="${OG_WIDTH}"[^>]*height="${OG_HEIGHT}"`));
    const box = textBox(svg);
    expect(box.points).toBeGreaterThan(100);
    expect(box.left).toBeGreaterThanOrEqual(OG_PADDING - 1);
    expect(box.right).toBeLessThanOrEqual(OG_WIDTH - OG_PADDING + 1);
    expect(box.top).toBeGreaterThanOrEqual(OG_PADDING - 1);
    expect(box.bottom).toBeLessThanOrEqual(OG_HEIGHT - OG_PADDING + 1);
  });
});
