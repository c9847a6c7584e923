// Schemas of the committed SEO data table (seo-data/*.json) and a Node loader for it.
// Used by the Astro content collections (build-time validation, one entry schema per collection)
// and by the API seed script (loadSeoData). The JSON files are the single source of truth.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { seoDataDir } from './dir';
import { slugify } from '../src/domain/slug';
import { isMonthDay } from '../src/domain/season';

export const LOCALES = ['it', 'en', 'fr'] as const;
export const LocaleSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof LocaleSchema>;

export const CATEGORY_SLUGS = ['sci', 'snowboard', 'sci-alpinismo', 'ciaspole', 'biciclette', 'arrampicata'] as const;
export const CategorySlugSchema = z.enum(CATEGORY_SLUGS);
export type CategorySlug = z.infer<typeof CategorySlugSchema>;

/** Search-engine limits, in characters, of a page title (before the " | product" suffix) and description. */
export const TITLE_MAX = 60;
export const DESCRIPTION_MIN = 120;
export const DESCRIPTION_MAX = 160;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PATH_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

/** Non-empty text without surrounding blanks, in NFC so that lengths count characters. */
const Text = z
  .string()
  .trim()
  .min(1)
  .refine((s) => s === s.normalize('NFC'), 'text must be NFC-normalised');

export const SlugSchema = z.string().regex(SLUG_PATTERN, 'lowercase a-z, 0-9 and single dashes');
export const IdSchema = z.int().positive();
export const LatitudeSchema = z.number().min(-90).max(90);
export const LongitudeSchema = z.number().min(-180).max(180);

/** One string per locale: it, en, fr. */
export const LocalizedTextSchema = z.strictObject({ it: Text, en: Text, fr: Text });
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

// ---------------------------------------------------------------------------------------------
// Entries (one per item; the Astro collection schemas)

export const CategorySchema = z.strictObject({
  id: z.int().min(1).max(6),
  slug: CategorySlugSchema,
  name: LocalizedTextSchema,
  season: z.enum(['winter', 'summer']),
});
export type Category = z.infer<typeof CategorySchema>;

export const TownSchema = z.strictObject({
  id: IdSchema,
  slug: SlugSchema,
  label: Text,
  region: Text,
  country: z.enum(['IT', 'FR']),
  lat: LatitudeSchema,
  lon: LongitudeSchema,
  sports: z.array(CategorySlugSchema).min(1),
});
export type Town = z.infer<typeof TownSchema>;

/** Days of the week as schema.org and OpenStreetMap abbreviate them. */
export const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** One opening span on some days of the week (a lunch break is two spans). */
export const OpeningHoursSchema = z
  .strictObject({
    days: z.array(z.enum(WEEKDAYS)).min(1),
    opens: z.string().regex(TIME, 'HH:MM'),
    closes: z.string().regex(TIME, 'HH:MM'),
  })
  .refine((h) => h.opens < h.closes, 'closes before it opens')
  .refine((h) => new Set(h.days).size === h.days.length, 'a day listed twice');
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

export const ShopSchema = z.strictObject({
  id: IdSchema,
  slug: SlugSchema,
  label: Text,
  address: Text,
  postalCode: z.string().regex(/^\d{5}$/),
  /** The label of the shop's town. */
  city: Text,
  country: z.enum(['Italia', 'France']),
  phone: z.string().regex(/^\+(39|33)( \d{1,4}){2,5}$/, 'international format, e.g. +39 0122 755 210'),
  email: z.email(),
  /** Slug of the shop's town (towns.json). */
  town: SlugSchema,
  sports: z.array(CategorySlugSchema).min(1),
  /** Days of the year the shop rents, 'MM-DD'..'MM-DD' (may wrap over New Year); absent: all year (src/domain/season.ts). */
  season: z
    .strictObject({ from: z.string().refine(isMonthDay, 'MM-DD'), to: z.string().refine(isMonthDay, 'MM-DD') })
    // A season of Feb 29 alone has no day in three years out of four.
    .refine((s) => !(s.from === '02-29' && s.to === '02-29'), 'a season must hold a day every year')
    .optional(),
  lat: LatitudeSchema,
  lon: LongitudeSchema,
  openingHours: LocalizedTextSchema.optional(),
  /** The opening hours as data (JSON-LD openingHoursSpecification), matching the prose `openingHours`; within the season when the shop has one. */
  hours: z.array(OpeningHoursSchema).min(1),
  /** A photo of the shop, a file of src/assets/shops/, shown on its page. */
  photo: z.string().regex(/^[a-z0-9-]+\.(jpg|png|webp)$/).optional(),
});
export type Shop = z.infer<typeof ShopSchema>;

export const TrailSchema = z.strictObject({
  id: IdSchema,
  slug: SlugSchema,
  label: Text,
  /** Slug of the town the trail is listed under (sentieri/{town}). */
  town: SlugSchema,
  sport: CategorySlugSchema,
  description: LocalizedTextSchema,
  /** File name in seo-data/trails/. */
  gpx: z.string().regex(/^[a-z0-9-]+\.gpx$/),
});
export type Trail = z.infer<typeof TrailSchema>;

export const PageMetaSchema = z.strictObject({
  title: Text.max(TITLE_MAX),
  description: Text.min(DESCRIPTION_MIN).max(DESCRIPTION_MAX),
  /** Optional social image, a site-absolute path such as /og/sci.jpg. */
  image: z.string().regex(/^\/[\w./-]+$/).optional(),
});
export type PageMeta = z.infer<typeof PageMetaSchema>;

/** The search-engine entry of one path, in every locale. */
export const PageSchema = z.strictObject({ it: PageMetaSchema, en: PageMetaSchema, fr: PageMetaSchema });
export type Page = z.infer<typeof PageSchema>;

/** Path without leading slash and without locale prefix, e.g. "sci/sestriere". */
export const SeoPathSchema = z.string().regex(PATH_PATTERN);

// ---------------------------------------------------------------------------------------------
// Files

export const CategoriesFileSchema = z.array(CategorySchema).length(CATEGORY_SLUGS.length);
export const TownsFileSchema = z.array(TownSchema).min(1);
export const ShopsFileSchema = z.array(ShopSchema).min(1);
export const TrailsFileSchema = z.array(TrailSchema).min(1);
/** One seo-data/pages/*.json file: an object keyed by path. The files are merged; a path may occur in one file only. */
export const PagesFileSchema = z.record(SeoPathSchema, PageSchema);

/** Keys that occur more than once. */
const duplicates = <T>(items: T[], key: (item: T) => string | number) => {
  const seen = new Set<string | number>();
  return items.map(key).filter((k) => (seen.has(k) ? true : (seen.add(k), false)));
};

export type SeoCatalogue = {
  categories: Category[];
  towns: Town[];
  shops: Shop[];
  trails: Trail[];
};

/**
 * Every SEO path the table must describe (no leading slash, no locale prefix; the same in every
 * locale), derived from the given catalogue or, by default, the committed one.
 */
export function seoPaths({ categories, towns, shops, trails }: SeoCatalogue = loadSeoData()): string[] {
  const trailTowns = new Set(trails.map((trail) => trail.town));
  return [
    ...categories.map((c) => c.slug),
    ...categories.flatMap((c) => towns.filter((t) => t.sports.includes(c.slug)).map((t) => `${c.slug}/${t.slug}`)),
    'noleggi',
    ...towns.map((t) => `noleggi/${t.slug}`),
    ...shops.flatMap((s) => [
      `noleggio/${s.slug}`,
      `prenota/${s.slug}`,
      `prenota/${s.slug}/calendar`,
      `prenota/${s.slug}/order`,
    ]),
    'sentieri',
    ...towns.filter((t) => trailTowns.has(t.slug)).map((t) => `sentieri/${t.slug}`),
    ...trails.map((t) => `sentiero/${t.slug}`),
  ];
}

/** The whole table, with the references between files checked. */
export const SeoDataSchema = z
  .strictObject({
    categories: CategoriesFileSchema,
    towns: TownsFileSchema,
    shops: ShopsFileSchema,
    trails: TrailsFileSchema,
    pages: PagesFileSchema,
  })
  .superRefine((data, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const towns = new Map(data.towns.map((t) => [t.slug, t]));
    for (const [file, items] of [
      ['categories', data.categories],
      ['towns', data.towns],
      ['shops', data.shops],
      ['trails', data.trails],
    ] as const) {
      for (const id of duplicates<{ id: number }>(items, (i) => i.id)) issue([file], `duplicate id ${id}`);
      for (const slug of duplicates<{ slug: string }>(items, (i) => i.slug)) issue([file], `duplicate slug ${slug}`);
    }
    for (const [file, items] of [
      ['categories', data.categories.map((c) => ({ slug: c.slug, label: c.name.it }))],
      ['towns', data.towns],
      ['shops', data.shops],
      ['trails', data.trails],
    ] as const)
      items.forEach((item, i) => {
        if (item.slug !== slugify(item.label)) issue([file, i, 'slug'], `slug must be ${slugify(item.label)}`);
      });
    data.shops.forEach((shop, i) => {
      const town = towns.get(shop.town);
      if (!town) return issue(['shops', i, 'town'], `unknown town ${shop.town}`);
      if (shop.city !== town.label) issue(['shops', i, 'city'], `city must be the town label ${town.label}`);
      for (const sport of shop.sports)
        if (!town.sports.includes(sport)) issue(['shops', i, 'sports'], `${town.slug} does not offer ${sport}`);
    });
    data.trails.forEach((trail, i) => {
      const town = towns.get(trail.town);
      if (!town) return issue(['trails', i, 'town'], `unknown town ${trail.town}`);
      if (!town.sports.includes(trail.sport)) issue(['trails', i, 'sport'], `${town.slug} does not offer ${trail.sport}`);
    });
    const required = seoPaths(data);
    const present = new Set(Object.keys(data.pages));
    for (const path of required) if (!present.has(path)) issue(['pages', path], 'missing page');
    const requiredSet = new Set(required);
    for (const path of present) if (!requiredSet.has(path)) issue(['pages', path], 'page for a path nobody serves');
    for (const locale of LOCALES)
      for (const field of ['title', 'description'] as const) {
        const texts = Object.entries(data.pages).map(([path, page]) => ({ path, text: page[locale][field] }));
        for (const text of duplicates(texts, (t) => t.text))
          issue(['pages'], `${locale} ${field} used twice: ${JSON.stringify(text)}`);
      }
  });
export type SeoData = z.infer<typeof SeoDataSchema>;

// ---------------------------------------------------------------------------------------------
// Node loader

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

const TABLE_FILES = {
  'categories.json': CategoriesFileSchema,
  'towns.json': TownsFileSchema,
  'shops.json': ShopsFileSchema,
  'trails.json': TrailsFileSchema,
} as const;
type TableFile = keyof typeof TABLE_FILES;

/** One JSON file of the table (seo-data/, or SEO_DATA_DIR: ./dir.ts), read and validated. */
export function loadSeoFile<F extends TableFile>(name: F, dir: string = seoDataDir()): z.infer<(typeof TABLE_FILES)[F]> {
  return TABLE_FILES[name].parse(readJson(path.join(dir, name))) as z.infer<(typeof TABLE_FILES)[F]>;
}

/** File names of the table's pages/*.json, sorted. */
export const pageFiles = (dir: string = seoDataDir()): string[] =>
  readdirSync(path.join(dir, 'pages'))
    .filter((name) => name.endsWith('.json'))
    .sort();

/**
 * Reads, validates and merges every pages/*.json file of the table. Throws a ZodError (issue paths
 * start with the file name) if a file is invalid, and an Error if a path is in more than one file.
 */
export function loadPages(dir: string = seoDataDir()): Record<string, Page> {
  const pages: Record<string, Page> = {};
  const origin: Record<string, string> = {};
  for (const name of pageFiles(dir)) {
    const result = PagesFileSchema.safeParse(readJson(path.join(dir, 'pages', name)));
    if (!result.success)
      throw new z.ZodError(result.error.issues.map((issue) => ({ ...issue, path: [`pages/${name}`, ...issue.path] })));
    for (const [page, meta] of Object.entries(result.data)) {
      if (page in pages) throw new Error(`seo-data: path ${page} is in both pages/${origin[page]} and pages/${name}`);
      pages[page] = meta;
      origin[page] = name;
    }
  }
  return pages;
}

/**
 * Reads every JSON file of the table (seo-data/, or SEO_DATA_DIR: ./dir.ts), validates it and
 * returns the typed table; throws a ZodError if invalid.
 */
export function loadSeoData(dir: string = seoDataDir()): SeoData {
  return SeoDataSchema.parse({
    categories: readJson(path.join(dir, 'categories.json')),
    towns: readJson(path.join(dir, 'towns.json')),
    shops: readJson(path.join(dir, 'shops.json')),
    trails: readJson(path.join(dir, 'trails.json')),
    pages: loadPages(dir),
  });
}

/** Path of a trail's GPX file (for reading it from Node). */
export const gpxFile = (trail: Pick<Trail, 'gpx'>, dir: string = seoDataDir()): string => path.join(dir, 'trails', trail.gpx);
