// The committed SEO data table (seo-data/): every file validates, slugs follow the slug rule, the
// references between files hold, the GPX tracks are real tracks, and the pages table has exactly
// one well-formed title and description per required path and locale.
import { existsSync, readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import {
  CategoriesFileSchema,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  LOCALES,
  PagesFileSchema,
  SeoDataSchema,
  ShopsFileSchema,
  TITLE_MAX,
  TownsFileSchema,
  TrailsFileSchema,
  gpxFile,
  loadPages,
  loadSeoData,
  pageFiles,
  seoPaths,
  type Category,
  type Shop,
  type Town,
  type Trail,
} from '~seo-data/schema';
import { slugify } from '~/domain/slug';

const SEO_DATA = new URL('../../../seo-data/', import.meta.url);
const readJson = (name: string): unknown => JSON.parse(readFileSync(new URL(name, SEO_DATA), 'utf8'));

const categories: Category[] = CategoriesFileSchema.parse(readJson('categories.json'));
const towns: Town[] = TownsFileSchema.parse(readJson('towns.json'));
const shops: Shop[] = ShopsFileSchema.parse(readJson('shops.json'));
const trails: Trail[] = TrailsFileSchema.parse(readJson('trails.json'));
const pages = loadPages();
const townBySlug = new Map(towns.map((t) => [t.slug, t]));

/** Every string anywhere in a JSON value, with its location. */
function strings(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${at}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, `${at}.${k}`));
  return [];
}

/** Great-circle distance in km. */
function km(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe('seo-data files', () => {
  it.each([
    ['categories.json', CategoriesFileSchema],
    ['towns.json', TownsFileSchema],
    ['shops.json', ShopsFileSchema],
    ['trails.json', TrailsFileSchema],
  ] as const)('%s validates', (name, schema) => {
    expect(schema.safeParse(readJson(name)).error).toBeUndefined();
  });

  it('has several small pages files, each valid', () => {
    const files = pageFiles();
    expect(files.length).toBeGreaterThan(1);
    for (const name of files) expect(PagesFileSchema.safeParse(readJson(`pages/${name}`)).error, name).toBeUndefined();
  });

  it('loads as a whole, with the cross-file rules', () => {
    const data = loadSeoData();
    expect(Object.keys(data.pages)).toHaveLength(Object.keys(pages).length);
  });

  it('has no empty or padded strings', () => {
    for (const name of ['categories.json', 'towns.json', 'shops.json', 'trails.json', ...pageFiles().map((f) => `pages/${f}`)])
      for (const [at, text] of strings(readJson(name))) {
        expect(text.trim(), `${name}${at}`).not.toBe('');
        expect(text, `${name}${at}`).toBe(text.trim());
      }
  });
});

describe('slugs', () => {
  const cases: [string, { slug: string; label: string }[]][] = [
    ['categories', categories.map((c) => ({ slug: c.slug, label: c.name.it }))],
    ['towns', towns],
    ['shops', shops],
    ['trails', trails],
  ];

  it.each(cases)('%s: slug = slugify(label)', (_, items) => {
    for (const item of items) expect(item.slug, item.label).toBe(slugify(item.label));
  });

  it.each(cases)('%s: slugs are unique', (_, items) => {
    const slugs = items.map((i) => i.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('categories are exactly the six sports', () => {
    expect(categories.map((c) => c.slug)).toEqual(['sci', 'snowboard', 'sci-alpinismo', 'ciaspole', 'biciclette', 'arrampicata']);
  });
});

describe('references', () => {
  it.each(shops.map((s) => [s.slug, s] as const))('shop %s: its town exists and offers its sports', (_, shop) => {
    const town = townBySlug.get(shop.town);
    expect(town, shop.town).toBeDefined();
    expect(shop.city).toBe(town?.label);
    for (const sport of shop.sports) expect(town?.sports, sport).toContain(sport);
  });

  it.each(trails.map((t) => [t.slug, t] as const))('trail %s: its town and sport exist', (_, trail) => {
    const town = townBySlug.get(trail.town);
    expect(town, trail.town).toBeDefined();
    expect(categories.map((c) => c.slug)).toContain(trail.sport);
    expect(town?.sports).toContain(trail.sport);
  });
});

describe('GPX tracks', () => {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => ['trk', 'trkseg', 'trkpt'].includes(name),
  });

  it.each(trails.map((t) => [t.gpx, t] as const))('%s exists, parses and has ≥ 200 track points near its town', (_, trail) => {
    const url = gpxFile(trail);
    expect(existsSync(url)).toBe(true);
    const doc = parser.parse(readFileSync(url, 'utf8'));
    const trk = doc.gpx.trk[0];
    expect(trk.name).toBe(trail.label);
    const points: { lat: number; lon: number }[] = trk.trkseg
      .flatMap((seg: { trkpt: { lat: string; lon: string }[] }) => seg.trkpt)
      .map((p: { lat: string; lon: string }) => ({ lat: Number(p.lat), lon: Number(p.lon) }));
    expect(points.length).toBeGreaterThanOrEqual(200);
    const town = townBySlug.get(trail.town)!;
    for (const p of points) {
      expect(Number.isFinite(p.lat) && Number.isFinite(p.lon)).toBe(true);
      expect(km(p, town)).toBeLessThan(25);
    }
  });
});

describe('pages table', () => {
  // Built here from the raw data, independently of seoPaths().
  const trailTowns = new Set(trails.map((t) => t.town));
  const required = [
    ...categories.map((c) => c.slug),
    ...categories.flatMap((c) => towns.filter((t) => t.sports.includes(c.slug)).map((t) => `${c.slug}/${t.slug}`)),
    'noleggi',
    ...towns.map((t) => `noleggi/${t.slug}`),
    ...shops.flatMap((s) => ['', '/calendar', '/order'].map((end) => `prenota/${s.slug}${end}`).concat(`noleggio/${s.slug}`)),
    'sentieri',
    ...towns.filter((t) => trailTowns.has(t.slug)).map((t) => `sentieri/${t.slug}`),
    ...trails.map((t) => `sentiero/${t.slug}`),
  ];

  it('seoPaths() lists exactly the required paths, once each', () => {
    const paths = seoPaths({ categories, towns, shops, trails });
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...required].sort());
  });

  it('has every required path and no other', () => {
    const present = Object.keys(pages);
    expect(required.filter((p) => !present.includes(p)), 'missing').toEqual([]);
    expect(present.filter((p) => !required.includes(p)), 'extra').toEqual([]);
  });

  it.each(LOCALES)('%s: every title is 1–%d characters', (locale) => {
    const bad = Object.entries(pages).filter(([, p]) => !p[locale].title || [...p[locale].title].length > TITLE_MAX);
    expect(bad.map(([path, p]) => `${path}: ${p[locale].title}`)).toEqual([]);
  });

  it.each(LOCALES)('%s: every description is within the length bounds', (locale) => {
    const bad = Object.entries(pages).filter(([, p]) => {
      const n = [...p[locale].description].length;
      return n < DESCRIPTION_MIN || n > DESCRIPTION_MAX;
    });
    expect(bad.map(([path, p]) => `${path} (${[...p[locale].description].length})`)).toEqual([]);
  });

  it.each(LOCALES)('%s: titles and descriptions are unique', (locale) => {
    for (const field of ['title', 'description'] as const) {
      const texts = Object.values(pages).map((p) => p[locale][field]);
      expect(texts.filter((t, i) => texts.indexOf(t) !== i), field).toEqual([]);
    }
  });

  it('the description of one path differs between locales', () => {
    for (const [path, p] of Object.entries(pages)) expect(new Set(LOCALES.map((l) => p[l].description)).size, path).toBe(3);
  });
});

describe('SeoDataSchema', () => {
  const valid = () => structuredClone({ categories, towns, shops, trails, pages });

  it('accepts the committed data', () => {
    expect(SeoDataSchema.safeParse(valid()).success).toBe(true);
  });

  it('rejects a missing page, an extra page, a long title, a short description and a reused title', () => {
    const missing = valid();
    delete missing.pages['noleggi'];
    const extra = valid();
    extra.pages['noleggi/atlantide'] = extra.pages['noleggi'];
    const longTitle = valid();
    longTitle.pages['sci'].it.title = 'x'.repeat(TITLE_MAX + 1);
    const shortDescription = valid();
    shortDescription.pages['sci'].en.description = 'Too short.';
    const reused = valid();
    reused.pages['sci'].fr.title = reused.pages['snowboard'].fr.title;
    for (const data of [missing, extra, longTitle, shortDescription, reused]) expect(SeoDataSchema.safeParse(data).success).toBe(false);
  });

  it('rejects a shop in an unknown town or with a sport its town lacks, and a slug off the rule', () => {
    const unknownTown = valid();
    unknownTown.shops[0].town = 'atlantide';
    const sport = valid();
    const sanremoShop = sport.shops.find((s) => s.town === 'sanremo')!;
    sanremoShop.sports = ['sci'];
    const slug = valid();
    slug.towns[0].slug = 'alba-2';
    for (const data of [unknownTown, sport, slug]) expect(SeoDataSchema.safeParse(data).success).toBe(false);
  });

  it('rejects a season that is not month-days, or one with no day in most years (Feb 29 alone)', () => {
    const seasons = [{ from: '12-01', to: '13-01' }, { from: '2026-12-01', to: '04-15' }, { from: '02-30', to: '03-10' }, { from: '02-29', to: '02-29' }];
    for (const season of seasons) {
      const data = valid();
      data.shops[0].season = season;
      expect(SeoDataSchema.safeParse(data).success).toBe(false);
    }
    const leapStart = valid();
    leapStart.shops[0].season = { from: '02-29', to: '04-15' };
    expect(SeoDataSchema.safeParse(leapStart).success).toBe(true);
  });
});
