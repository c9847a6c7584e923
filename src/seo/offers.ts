// What each shop rents and from what price, for the static pages. Two sources, one
// shape: the committed catalogue (seo-data/catalogue.json, which the reference API seeds from),
// or, when CATALOGUE_API_URL names a booking API, that API's own answer for each shop
// (GET v1/shops/slug/{slug}, parsed with the contract schema). Either way the prices are
// summarised by the domain rule (src/domain/price-summary.ts) the tests compare the API with.
import * as z from 'zod/mini';
import { categoriesOfSport, loadCatalogue, priceRows, type CatalogueFile } from '~seo-data/catalogue';
import type { LocalizedText, Shop } from '~seo-data/schema';
import { ShopLoadSchema, type Category, type ShopLoad } from '../api/contract/catalogue';
import { summarisePrices, type PriceSummary } from '../domain/price-summary';
import { contentLanguage, locales, type Locale } from '../i18n/index';

export interface ProductOffer {
  label: LocalizedText;
  summary: PriceSummary;
}
/** A category of a sport (e.g. "Sci adulto" of "sci") with its products. */
export interface CategoryOffer {
  slug: string;
  label: LocalizedText;
  products: ProductOffer[];
}
export interface SportOffer {
  /** The sport's slug (seo-data/categories.json), e.g. "sci". */
  sport: string;
  categories: CategoryOffer[];
}
/** Shop slug → the sports it rents, in the shop's order. */
export type ShopOffers = Map<string, SportOffer[]>;

/** Environment variable naming the booking API to read prices from, e.g. "https://api.example.com/api". */
export const CATALOGUE_API_ENV = 'CATALOGUE_API_URL';

/** A catalogue price row as the API presents it: the summary reads one shape only. */
const asPrice = (
  row: { amount: number; rentDaysFrom?: number; rentDaysTo?: number | null } & Partial<Record<'season' | 'morning' | 'afternoon', boolean>>,
) => ({
  amount: row.amount,
  rent_days_from: row.rentDaysFrom ?? null,
  rent_days_to: row.rentDaysTo ?? null,
  main_price: true,
  season: row.season ?? false,
  morning: row.morning ?? false,
  afternoon: row.afternoon ?? false,
});

/** Offers of the shops from the committed catalogue: every shop serving a sport rents that sport's categories. */
export function committedOffers(catalogue: CatalogueFile, shops: readonly Pick<Shop, 'slug' | 'sports'>[]): ShopOffers {
  const sportOffer = (sport: string): SportOffer => ({
    sport,
    categories: categoriesOfSport(catalogue, sport).map((category) => ({
      slug: category.slug,
      label: category.label,
      products: category.products.flatMap((product) => {
        const summary = summarisePrices(priceRows(product.prices).map(asPrice));
        return summary ? [{ label: product.label, summary }] : [];
      }),
    })),
  });
  return new Map(shops.map((shop) => [shop.slug, shop.sports.map(sportOffer)]));
}

const ShopLoadResponseSchema = z.object({ data: ShopLoadSchema });

/** The shop-load URL of an API base ("https://x/api" or "https://x/api/"). */
export const shopLoadUrl = (apiUrl: string, slug: string): string =>
  new URL(`v1/shops/slug/${encodeURIComponent(slug)}`, apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`).href;

async function fetchShopLoad(apiUrl: string, slug: string, locale: Locale, fetchImpl: typeof fetch): Promise<ShopLoad> {
  const url = shopLoadUrl(apiUrl, slug);
  const response = await fetchImpl(url, { headers: { accept: 'application/json', 'content-language': contentLanguage[locale] } });
  if (!response.ok) throw new Error(`${CATALOGUE_API_ENV}: GET ${url} answered ${response.status}`);
  return ShopLoadResponseSchema.parse(await response.json()).data;
}

/**
 * The offers of one shop from its load in each locale (same API, same ids): the root categories
 * are the sports (slug = sport slug), their children the categories, a product belongs to the
 * categories it lists. Products without a day price are left out, like empty categories.
 */
export function offersFromLoads(loads: Record<Locale, ShopLoad>): SportOffer[] {
  const base = loads.it;
  const text = (pick: (load: ShopLoad) => string | undefined): LocalizedText =>
    Object.fromEntries(locales.map((locale) => [locale, pick(loads[locale]) ?? ''])) as LocalizedText;
  const findCategory = (load: ShopLoad, id: number): Category | undefined =>
    load.categories.flatMap((root) => [root, ...root.children]).find((c) => c.id === id);
  const productsOf = (category: Category) =>
    base.products
      .filter((product) => product.categories.includes(category.id))
      .flatMap((product) => {
        const summary = summarisePrices(product.prices);
        const label = text((load) => load.products.find((p) => p.id === product.id)?.label);
        return summary ? [{ label, summary }] : [];
      });
  return base.categories
    .filter((root) => root.slug)
    .map((root) => ({
      sport: root.slug!,
      categories: [root, ...root.children]
        .map((category) => ({
          slug: category.slug ?? String(category.id),
          label: text((load) => findCategory(load, category.id)?.label),
          products: productsOf(category),
        }))
        .filter((category) => category.products.length > 0),
    }));
}

/** Offers of the shops as a booking API answers them (every locale, for the labels). */
export async function apiOffers(
  apiUrl: string,
  shops: readonly Pick<Shop, 'slug' | 'sports'>[],
  fetchImpl: typeof fetch = fetch,
): Promise<ShopOffers> {
  const entries = await Promise.all(
    shops.map(async (shop) => {
      const loads = Object.fromEntries(
        await Promise.all(locales.map(async (locale) => [locale, await fetchShopLoad(apiUrl, shop.slug, locale, fetchImpl)] as const)),
      ) as Record<Locale, ShopLoad>;
      // The page lists the sports of the committed shop data; the API may serve more or fewer.
      const bySport = new Map(offersFromLoads(loads).map((offer) => [offer.sport, offer]));
      return [shop.slug, shop.sports.map((sport) => bySport.get(sport) ?? { sport, categories: [] })] as const;
    }),
  );
  return new Map(entries);
}

/**
 * The offers of the shops from the API the environment names, else from the table's catalogue
 * (seo-data/dir.ts says which folder). CATALOGUE_API_URL is read from the environment here,
 * not through astro:env/server, because this module also runs outside Astro (its unit tests, the
 * site benchmark) where astro:env is not served; the build still checks the value with the rest of
 * src/env-schema.mjs (a wrong URL stops it).
 */
export async function loadShopOffers(
  shops: readonly Pick<Shop, 'slug' | 'sports'>[],
  env: Record<string, string | undefined> = process.env,
): Promise<ShopOffers> {
  const apiUrl = env[CATALOGUE_API_ENV];
  if (apiUrl) return apiOffers(apiUrl, shops);
  return committedOffers(loadCatalogue(), shops);
}

let cached: Promise<ShopOffers> | undefined;

/** The offers the build shows, loaded once per build (every page asks for the same shops). */
export const shopOffers = (shops: readonly Pick<Shop, 'slug' | 'sports'>[]): Promise<ShopOffers> => (cached ??= loadShopOffers(shops));

/** The offer of one sport of a shop (no categories when it rents nothing there). */
export function sportOfferOf(offers: ShopOffers, shopSlug: string, sport: string): SportOffer {
  return offers.get(shopSlug)?.find((offer) => offer.sport === sport) ?? { sport, categories: [] };
}
