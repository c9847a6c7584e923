// The synthetic network of `npm run seo-data:scale` (scripts/seo-data-scale.ts): for factors 1 and
// 2 every file passes the project's own loaders (the same checks the build and the seed make),
// there are factor × the committed towns, shops, trails and per-place pages, slugs and ids are
// unique, references resolve, every place stays in the Alps or on the Riviera, and the same factor
// writes the same bytes.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '~seo-data/catalogue';
import { loadSeoData, seoPaths } from '~seo-data/schema';
import { BOUNDS, scaleSeoData } from '~scripts/seo-data-scale';

const SOURCE = path.resolve(import.meta.dirname, '../../../seo-data');
const committed = loadSeoData(SOURCE);
const temp = mkdtempSync(path.join(tmpdir(), 'seo-scale-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const generate = (factor: number, name: string): string => {
  const out = path.join(temp, name);
  scaleSeoData({ factor, out, source: SOURCE });
  return out;
};

/** Every file of a folder, by relative path, with its bytes. */
function tree(dir: string): Map<string, Buffer> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(files.map((e) => [path.relative(dir, path.join(e.parentPath, e.name)), readFileSync(path.join(e.parentPath, e.name))]));
}

describe.each([1, 2])('factor %i', (factor) => {
  const out = generate(factor, `net${factor}`);
  const data = loadSeoData(out);

  it('validates with the schema loaders (seo-data/schema.ts, seo-data/catalogue.ts)', () => {
    expect(() => loadCatalogue(path.join(out, 'catalogue.json'))).not.toThrow();
    expect(loadCatalogue(path.join(out, 'catalogue.json'))).toEqual(loadCatalogue(path.join(SOURCE, 'catalogue.json')));
  });

  it('has factor × the committed towns, shops, trails and place pages', () => {
    expect(data.categories).toEqual(committed.categories);
    expect(data.towns).toHaveLength(factor * committed.towns.length);
    expect(data.shops).toHaveLength(factor * committed.shops.length);
    expect(data.trails).toHaveLength(factor * committed.trails.length);
    const placePages = (pages: Record<string, unknown>) => Object.keys(pages).filter((p) => p.includes('/')).length;
    expect(placePages(data.pages)).toBe(factor * placePages(committed.pages));
    expect(Object.keys(data.pages).sort()).toEqual(seoPaths(data).sort());
    expect(readdirSync(path.join(out, 'trails')).sort()).toEqual(data.trails.map((t) => t.gpx).sort());
  });

  it('keeps the committed network as its first copy', () => {
    expect(data.towns.slice(0, committed.towns.length)).toEqual(committed.towns);
    expect(data.shops.slice(0, committed.shops.length)).toEqual(committed.shops);
    expect(data.trails.slice(0, committed.trails.length)).toEqual(committed.trails);
  });

  it('has unique slugs, ids, GPX files and e-mails, and references that resolve', () => {
    for (const items of [data.towns, data.shops, data.trails]) {
      expect(new Set(items.map((i) => i.slug)).size).toBe(items.length);
      expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    }
    expect(new Set(data.trails.map((t) => t.gpx)).size).toBe(data.trails.length);
    expect(new Set(data.shops.map((s) => s.email)).size).toBe(data.shops.length);
    const towns = new Map(data.towns.map((t) => [t.slug, t]));
    for (const shop of data.shops) {
      expect(towns.get(shop.town)?.label, shop.slug).toBe(shop.city);
      for (const sport of shop.sports) expect(loadCatalogue(path.join(out, 'catalogue.json')).sports[sport], `${shop.slug} ${sport}`).toBeDefined();
    }
    for (const trail of data.trails) {
      expect(towns.get(trail.town)?.sports, trail.slug).toContain(trail.sport);
      expect(readFileSync(path.join(out, 'trails', trail.gpx), 'utf8'), trail.gpx).toContain(`<name>${trail.label}</name>`);
    }
  });

  it('puts every town and shop in the Alps or on the Riviera, each shop near its town', () => {
    const towns = new Map(data.towns.map((t) => [t.slug, t]));
    for (const place of [...data.towns, ...data.shops]) {
      expect(place.lat, place.slug).toBeGreaterThanOrEqual(BOUNDS.lat[0]);
      expect(place.lat, place.slug).toBeLessThanOrEqual(BOUNDS.lat[1]);
      expect(place.lon, place.slug).toBeGreaterThanOrEqual(BOUNDS.lon[0]);
      expect(place.lon, place.slug).toBeLessThanOrEqual(BOUNDS.lon[1]);
    }
    const committedTowns = new Map(committed.towns.map((t) => [t.slug, t]));
    const distance = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) => Math.hypot(a.lat - b.lat, a.lon - b.lon);
    committed.shops.forEach((shop, i) => {
      const original = distance(shop, committedTowns.get(shop.town)!);
      for (let copy = 1; copy < factor; copy++) {
        const copied = data.shops[copy * committed.shops.length + i]!;
        expect(distance(copied, towns.get(copied.town)!), copied.slug).toBeLessThan(original + 0.01);
      }
    });
  });

  it('writes the same bytes on a second run', () => {
    const again = tree(generate(factor, `again${factor}`));
    const first = tree(out);
    expect([...again.keys()].sort()).toEqual([...first.keys()].sort());
    for (const [file, bytes] of first) expect(again.get(file)!.equals(bytes), file).toBe(true);
  });
});

describe('scaleSeoData', () => {
  it('refuses a folder that is not empty and a factor that is not a whole number ≥ 1', () => {
    expect(() => scaleSeoData({ factor: 1, out: SOURCE, source: SOURCE })).toThrow(/not empty/);
    expect(() => scaleSeoData({ factor: 0, out: path.join(temp, 'zero'), source: SOURCE })).toThrow(/factor/);
    expect(() => scaleSeoData({ factor: 1.5, out: path.join(temp, 'half'), source: SOURCE })).toThrow(/factor/);
  });
});
