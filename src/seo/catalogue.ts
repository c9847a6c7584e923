// Typed access to the SEO table for pages, at build time.
import { getCollection } from 'astro:content';
import type { Category, Page, Shop, Town, Trail } from '~seo-data/schema';
import type { Locale } from '../i18n/index';
import { localeStaticPaths } from '../i18n/paths';

export interface SeoTable {
  categories: Category[];
  towns: Town[];
  shops: Shop[];
  trails: Trail[];
  pages: Map<string, Page>;
}

let cached: Promise<SeoTable> | undefined;

async function load(): Promise<SeoTable> {
  const [categories, towns, shops, trails, pages] = await Promise.all([
    getCollection('categories'),
    getCollection('towns'),
    getCollection('shops'),
    getCollection('trails'),
    getCollection('pages'),
  ]);
  const strip = <T,>(entries: { data: unknown }[]) => entries.map((e) => e.data as T);
  return {
    categories: strip<Category>(categories).sort((a, b) => a.id - b.id),
    towns: strip<Town>(towns).sort((a, b) => a.label.localeCompare(b.label, 'it')),
    shops: strip<Shop>(shops).sort((a, b) => a.label.localeCompare(b.label, 'it')),
    trails: strip<Trail>(trails).sort((a, b) => a.label.localeCompare(b.label, 'it')),
    pages: new Map(pages.map((e) => [e.id, e.data as Page])),
  };
}

export const seoTable = (): Promise<SeoTable> => (cached ??= load());

/** Title and description of a path of the table in a locale (undefined for paths outside it). */
export function pageMeta(table: SeoTable, path: string, locale: Locale) {
  return table.pages.get(path.replace(/^\/+|\/+$/g, ''))?.[locale];
}

export function shopsOf(table: SeoTable, filter: { town?: string; sport?: string }): Shop[] {
  return table.shops.filter(
    (s) => (!filter.town || s.town === filter.town) && (!filter.sport || s.sports.includes(filter.sport as Shop['sports'][number])),
  );
}

export const townOf = (table: SeoTable, slug: string): Town => table.towns.find((t) => t.slug === slug)!;
export const shopOf = (table: SeoTable, slug: string): Shop => table.shops.find((s) => s.slug === slug)!;
export const categoryOf = (table: SeoTable, slug: string): Category => table.categories.find((c) => c.slug === slug)!;

/** Google Maps-free map link: OpenStreetMap at the coordinates. */
export const mapLink = (lat: number, lon: number) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;

/**
 * `getStaticPaths` of a page that exists once per shop and locale (`[shop]`); the page re-exports
 * it: `export { eachShop as getStaticPaths } from '~/seo/catalogue';`.
 */
export async function eachShop() {
  return localeStaticPaths((await seoTable()).shops.map((shop) => ({ shop: shop.slug })));
}
