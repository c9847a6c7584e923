// Prices and seasons on the static pages against the API: every category×town page and
// every shop page of the built site (dist/), in the three locales, shows each shop's season and, for
// each product the API serves in that sport, the prices the API answers on a fresh database
// (GET v1/shops/slug/{slug} parsed with the contract schema, summarised by the domain rule); so do
// the town pages' cards, per sport. Also the shops' JSON-LD (priceRange, openingHoursSpecification),
// the "Prenota" links and the HTML budget.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadSeoData, type Shop } from '~seo-data/schema';
import { ShopLoadSchema, type Category, type ShopLoad } from '~/api/contract/catalogue';
import { bookingEntryPath } from '~/domain/booking-entry';
import { formatSeasonWindow } from '~/domain/format-season';
import { dayPriceRange, summarisePrices, type PriceSummary } from '~/domain/price-summary';
import { fromPrice, fromPriceText } from '~/domain/from-price';
import { formatCurrency } from '~/domain/format';
import { occurrenceOf } from '~/domain/season';
import { contentLanguage, localizePath } from '~/i18n/index';
import { getT } from '~/i18n/server';
import { hreflang } from '~/seo/head';
import { STATIC_PAGE_BUDGET } from '~bench/budgets';
import { createTestApi, type TestApi } from '../support/app';
import { seasonWindowOf } from '~/domain/calendar-season';
import type { SeasonWindow } from '~/domain/season';
import { testDrivers } from '../support/databases';
import { LOCALES, decode, expectNone, useBuiltSite, type Locale, type Page } from './dist';

const site = useBuiltSite();
const data = loadSeoData();
const KB = 1024;

// ---------------------------------------------------------------------------------------------
// The API's answer

type Kind = 'day' | 'oneDay' | 'morning' | 'afternoon' | 'season';
/** Product label → its summary, per category slug, per sport slug: what a page must show. */
type Expected = Map<string, Map<string, Map<string, PriceSummary>>>;

let api: TestApi;
/** `${shop}|${locale}` → the shop's products as the API answers them. */
const expected = new Map<string, Expected>();
/** Shop slug → the yearly season window of the API's answer. */
const servedSeasons = new Map<string, SeasonWindow>();

function expectedOf(load: ShopLoad): Expected {
  const bySport: Expected = new Map();
  for (const root of load.categories) {
    const categories = new Map<string, Map<string, PriceSummary>>();
    for (const category of [root, ...root.children] as Category[]) {
      const products = new Map<string, PriceSummary>();
      for (const product of load.products.filter((p) => p.categories.includes(category.id))) {
        const summary = summarisePrices(product.prices);
        if (summary) products.set(product.label ?? '', summary);
      }
      if (products.size > 0) categories.set(category.slug ?? '', products);
    }
    bySport.set(root.slug ?? '', categories);
  }
  return bySport;
}

beforeAll(async () => {
  // A fresh database, seeded as the reference API seeds it (PGlite: the prices do not depend on the engine).
  api = await createTestApi(testDrivers[0]!);
  for (const shop of data.shops)
    for (const locale of LOCALES) {
      const response = await api.request(`/api/v1/shops/slug/${shop.slug}`, { headers: { 'content-language': contentLanguage[locale] } });
      expect(response.status, shop.slug).toBe(200);
      const load = z.object({ data: ShopLoadSchema }).parse(await response.json()).data;
      expected.set(`${shop.slug}|${locale}`, expectedOf(load));
      servedSeasons.set(shop.slug, seasonWindowOf(load.shop.season));
    }
}, 120_000);
afterAll(() => api?.dispose());

// ---------------------------------------------------------------------------------------------
// Reading the pages

const text = (html: string) => decode(html.replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim();

/** The amount in a price text of a locale: "da 26,50 € al giorno" → 26.5, "from €26.50 a day" → 26.5. */
function amountIn(value: string, locale: Locale): number | null {
  const [group, decimal] = locale === 'en' ? [',', '.'] : ['.\u00a0\u202f ', ','];
  const escape = (chars: string) => chars.replace(/[.\\\]^-]/g, '\\$&');
  const match = new RegExp(`(\\d{1,3}(?:[${escape(group)}]\\d{3})*)${escape(decimal)}(\\d{2})`).exec(value);
  return match ? Number(`${match[1]!.replace(/\D/g, '')}.${match[2]}`) : null;
}

interface ShownProduct {
  label: string;
  prices: Partial<Record<Kind, number | null>>;
  /** The "from" price as read: "da 26,50 € al giorno per 7 giorni o più · 1 giorno 38,00 €". */
  from: string;
}

/** The offers lists of a piece of HTML: data-offers key → its products with their parsed prices. */
function offersIn(html: string, locale: Locale): Map<string, ShownProduct[]> {
  const lists = new Map<string, ShownProduct[]>();
  for (const list of html.matchAll(/<dl\b[^>]*\bdata-offers="([^"]+)"[^>]*>([\s\S]*?)<\/dl>/g)) {
    const products = [...list[2]!.matchAll(/<div\b[^>]*class="offer"[^>]*>([\s\S]*?)<\/div>/g)].map((offer) => {
      const label = text(/<dt\b[^>]*>([\s\S]*?)<\/dt>/.exec(offer[1]!)?.[1] ?? '');
      const prices: ShownProduct['prices'] = {};
      for (const price of offer[1]!.matchAll(/<(?:dd|span)\b[^>]*\bdata-price="(\w+)"[^>]*>([\s\S]*?)<\/(?:dd|span)>/g))
        prices[price[1] as Kind] = amountIn(text(price[2]!), locale);
      const from = text(/<dd\b[^>]*class="from"[^>]*>([\s\S]*?)<\/dd>/.exec(offer[1]!)?.[1] ?? '');
      return { label, prices, from };
    });
    lists.set(list[1]!, products);
  }
  return lists;
}

const shownPrices = (summary: PriceSummary): ShownProduct['prices'] => ({
  day: summary.dayFrom,
  ...(fromPrice([summary])!.oneDay === null ? {} : { oneDay: fromPrice([summary])!.oneDay }),
  ...(summary.morning === null ? {} : { morning: summary.morning }),
  ...(summary.afternoon === null ? {} : { afternoon: summary.afternoon }),
  ...(summary.season === null ? {} : { season: summary.season }),
});

const canonical = (prices: ShownProduct['prices']) => JSON.stringify(Object.entries(prices).sort(([a], [b]) => a.localeCompare(b)));

/** Differences between the products shown and those the API serves, as readable lines. */
/** The "from" text a product (or a shop, of all its products) must show in a locale: the rate with the days it needs and the one-day rate. */
function fromTextOf(summary: PriceSummary | PriceSummary[], locale: Locale): string {
  const t = getT(locale);
  const said = fromPriceText(fromPrice([summary].flat())!, (amount) => formatCurrency(amount, hreflang[locale]));
  return [said.perDay, said.oneDay].flatMap((m) => (m ? [t(`offers.${m.message}`, m.params)] : [])).join(' · ');
}

function compare(where: string, shown: ShownProduct[] | undefined, served: Map<string, PriceSummary>, locale: Locale): string[] {
  if (!shown) return [`${where}: no price list`];
  const wrong: string[] = [];
  const shownLabels = shown.map((p) => p.label).sort();
  const servedLabels = [...served.keys()].sort();
  if (JSON.stringify(shownLabels) !== JSON.stringify(servedLabels))
    wrong.push(`${where}: products ${JSON.stringify(shownLabels)}, the API serves ${JSON.stringify(servedLabels)}`);
  for (const product of shown) {
    const summary = served.get(product.label);
    if (!summary) continue;
    const want = shownPrices(summary);
    if (canonical(product.prices) !== canonical(want))
      wrong.push(`${where} ${product.label}: shows ${JSON.stringify(product.prices)}, the API answers ${JSON.stringify(want)}`);
    if (product.from !== text(fromTextOf(summary, locale)))
      wrong.push(`${where} ${product.label}: says ${JSON.stringify(product.from)}, not ${JSON.stringify(fromTextOf(summary, locale))}`);
  }
  return wrong;
}

/** The season each shop's page must show: the one the API answers (its yearly window), not the file the pages read. */
const seasonText = (shop: Shop, locale: Locale) => {
  const t = getT(locale);
  const range = formatSeasonWindow(servedSeasons.get(shop.slug), hreflang[locale]);
  return range ? t('offers.seasonDates', { range }) : t('offers.allYear');
};
const seasonIn = (html: string) => {
  const match = /<p\b[^>]*\bdata-season\b[^>]*>([\s\S]*?)<\/p>/.exec(html);
  return match ? text(match[1]!) : null;
};

const pageAt = (locale: Locale, path: string): Page | undefined => site().byUrl.get(`${localizePath(locale, path)}/`);

function cardsOf(page: Page): Map<string, string> {
  return new Map([...page.html.matchAll(/<article\b[^>]*\bdata-shop="([^"]+)"[^>]*>([\s\S]*?)<\/article>/g)].map((m) => [m[1]!, m[2]!]));
}

const hrefsIn = (html: string) => [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({ href: decode(m[1]!), name: text(m[2]!) }));

const categoryTownPaths = data.categories.flatMap((c) =>
  data.towns.filter((town) => town.sports.includes(c.slug)).map((town) => ({ sport: c.slug, town: town.slug, path: `/${c.slug}/${town.slug}` })),
);

// ---------------------------------------------------------------------------------------------

describe('category×town pages', () => {
  it('show every shop of the sport with its season and, per product, the prices the API answers', () => {
    const wrong: string[] = [];
    let compared = 0;
    for (const { sport, town, path } of categoryTownPaths)
      for (const locale of LOCALES) {
        const page = pageAt(locale, path);
        if (!page) {
          wrong.push(`${locale} ${path}: not built`);
          continue;
        }
        const cards = cardsOf(page);
        for (const shop of data.shops.filter((s) => s.town === town && s.sports.includes(sport))) {
          const card = cards.get(shop.slug);
          const where = `${page.url} ${shop.slug}`;
          if (!card) {
            wrong.push(`${where}: no card`);
            continue;
          }
          if (seasonIn(card) !== seasonText(shop, locale)) wrong.push(`${where}: season ${JSON.stringify(seasonIn(card))}`);
          const served = expected.get(`${shop.slug}|${locale}`)!.get(sport);
          const all = new Map([...(served?.values() ?? [])].flatMap((products) => [...products]));
          wrong.push(...compare(where, offersIn(card, locale).get(sport), all, locale));
          compared += all.size;
        }
      }
    expectNone(wrong, 'category×town cards that differ from the API');
    expect(compared).toBeGreaterThan(50);
  });

  it('give each card a "Prenota" to the shop’s calendar with the sport chosen, named after the shop', () => {
    const wrong: string[] = [];
    for (const { sport, town, path } of categoryTownPaths)
      for (const locale of LOCALES) {
        const cards = cardsOf(pageAt(locale, path)!);
        for (const shop of data.shops.filter((s) => s.town === town && s.sports.includes(sport))) {
          const book = localizePath(locale, bookingEntryPath(shop.slug, sport));
          const link = hrefsIn(cards.get(shop.slug) ?? '').find((a) => a.href === book);
          if (!link) wrong.push(`${locale} ${path} ${shop.slug}: no link to ${book}`);
          else if (!link.name.startsWith(getT(locale)('offers.book')) || !link.name.includes(shop.label))
            wrong.push(`${locale} ${path} ${shop.slug}: link named ${JSON.stringify(link.name)}`);
        }
      }
    expectNone(wrong, 'cards without their "Prenota"');
  });
});

describe('town pages', () => {
  it('show every shop of the town with its season and, per sport, the prices the API answers', () => {
    const wrong: string[] = [];
    for (const town of data.towns)
      for (const locale of LOCALES) {
        const page = pageAt(locale, `/noleggi/${town.slug}`);
        if (!page) {
          wrong.push(`${locale} ${town.slug}: not built`);
          continue;
        }
        const cards = cardsOf(page);
        for (const shop of data.shops.filter((s) => s.town === town.slug)) {
          const card = cards.get(shop.slug) ?? '';
          const where = `${page.url} ${shop.slug}`;
          if (seasonIn(card) !== seasonText(shop, locale)) wrong.push(`${where}: season ${JSON.stringify(seasonIn(card))}`);
          const shown = offersIn(card, locale);
          for (const sport of shop.sports) {
            const served = expected.get(`${shop.slug}|${locale}`)!.get(sport);
            wrong.push(...compare(`${where} ${sport}`, shown.get(sport), new Map([...(served?.values() ?? [])].flatMap((p) => [...p])), locale));
          }
          if (!hrefsIn(card).some((a) => a.href === localizePath(locale, bookingEntryPath(shop.slug)))) wrong.push(`${where}: no "Prenota"`);
        }
      }
    expectNone(wrong, 'town cards that differ from the API');
  });
});

describe('home page', () => {
  it('gives each shop card the lowest "from" price of all the shop rents, with its condition, as the API prices it', () => {
    const wrong: string[] = [];
    for (const locale of LOCALES) {
      const cards = cardsOf(site().byUrl.get(locale === 'it' ? '/' : `/${locale}/`)!);
      for (const shop of data.shops) {
        const card = cards.get(shop.slug) ?? '';
        const shown = text(/<p\b[^>]*data-from-price[^>]*>([\s\S]*?)<\/p>/.exec(card)?.[1] ?? '');
        const all = [...expected.get(`${shop.slug}|${locale}`)!.values()].flatMap((categories) => [...categories.values()].flatMap((products) => [...products.values()]));
        const want = text(fromTextOf(all, locale));
        if (shown !== want) wrong.push(`${locale} home ${shop.slug}: ${JSON.stringify(shown)}, not ${JSON.stringify(want)}`);
      }
    }
    expectNone(wrong, 'home cards whose "from" price differs from the API');
  });
});

describe('shop pages', () => {
  it('show the season and the whole catalogue by category, at the prices the API answers', () => {
    const wrong: string[] = [];
    let compared = 0;
    for (const shop of data.shops)
      for (const locale of LOCALES) {
        const page = pageAt(locale, `/noleggio/${shop.slug}`);
        if (!page) {
          wrong.push(`${locale} ${shop.slug}: not built`);
          continue;
        }
        const main = /<main\b[\s\S]*<\/main>/.exec(page.html)?.[0] ?? page.html;
        if (seasonIn(main) !== seasonText(shop, locale)) wrong.push(`${page.url}: season ${JSON.stringify(seasonIn(main))}`);
        const shown = offersIn(main, locale);
        const served = expected.get(`${shop.slug}|${locale}`)!;
        const servedCategories = [...served.values()].flatMap((categories) => [...categories]);
        const shownKeys = [...shown.keys()].sort();
        const servedKeys = servedCategories.map(([slug]) => slug).sort();
        if (JSON.stringify(shownKeys) !== JSON.stringify(servedKeys)) wrong.push(`${page.url}: categories ${shownKeys.join()} (API: ${servedKeys.join()})`);
        for (const [slug, products] of servedCategories) {
          wrong.push(...compare(`${page.url} ${slug}`, shown.get(slug), products, locale));
          compared += products.size;
        }
        const links = hrefsIn(main).map((a) => a.href);
        for (const target of [undefined, ...shop.sports]) {
          const book = localizePath(locale, bookingEntryPath(shop.slug, target));
          if (!links.includes(book)) wrong.push(`${page.url}: no "Prenota" to ${book}`);
        }
      }
    expectNone(wrong, 'shop pages that differ from the API');
    expect(compared).toBeGreaterThan(50);
  });

  it('carry priceRange (the API’s day prices) and openingHoursSpecification (the shop’s hours, within its season) in JSON-LD', () => {
    const wrong: string[] = [];
    for (const shop of data.shops)
      for (const locale of LOCALES) {
        const page = pageAt(locale, `/noleggio/${shop.slug}`)!;
        const store = page.jsonLd
          .map((raw) => JSON.parse(raw) as Record<string, unknown>)
          .find((node) => [node['@type']].flat().includes('Store'));
        if (!store) {
          wrong.push(`${page.url}: no Store`);
          continue;
        }
        const summaries = [...expected.get(`${shop.slug}|${locale}`)!.values()].flatMap((c) => [...c.values()].flatMap((p) => [...p.values()]));
        const range = dayPriceRange(summaries)!;
        const priceRange = String(store.priceRange ?? '');
        const numbers = priceRange.match(/\d+(?:[.,]\d+)?/g)?.map((n) => Number(n.replace(',', '.')));
        if (JSON.stringify(numbers) !== JSON.stringify([range.low, range.high])) wrong.push(`${page.url}: priceRange ${JSON.stringify(priceRange)}, API day prices ${range.low}–${range.high}`);
        const specs = (store.openingHoursSpecification ?? []) as Record<string, unknown>[];
        const want = shop.hours.map((h) => ({
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: h.days.map((d) => ({ Mo: 'Monday', Tu: 'Tuesday', We: 'Wednesday', Th: 'Thursday', Fr: 'Friday', Sa: 'Saturday', Su: 'Sunday' })[d]).map((d) => `https://schema.org/${d}`),
          opens: h.opens,
          closes: h.closes,
        }));
        const bare = specs.map(({ validFrom: _from, validThrough: _through, ...rest }) => rest);
        if (JSON.stringify(bare) !== JSON.stringify(want)) wrong.push(`${page.url}: openingHoursSpecification ${JSON.stringify(specs)}`);
        for (const spec of specs) {
          const { validFrom, validThrough } = spec as { validFrom?: string; validThrough?: string };
          if (!shop.season) {
            if (validFrom || validThrough) wrong.push(`${page.url}: an all-year shop with validFrom/validThrough`);
          } else if (!validFrom || JSON.stringify(occurrenceOf(validFrom, shop.season)) !== JSON.stringify({ from: validFrom, to: validThrough }))
            wrong.push(`${page.url}: ${validFrom}..${validThrough} is no occurrence of the season ${shop.season.from}..${shop.season.to}`);
        }
      }
    expectNone(wrong, 'shop pages with incomplete structured data');
  });
});

describe('HTML budget', () => {
  it(`category×town, town and shop pages stay within ${STATIC_PAGE_BUDGET.htmlGzipKb} KB gzip HTML`, () => {
    const paths = [...categoryTownPaths.map((p) => p.path), ...data.towns.map((t) => `/noleggi/${t.slug}`), ...data.shops.map((s) => `/noleggio/${s.slug}`)];
    const sizes = paths.flatMap((path) => LOCALES.map((locale) => ({ url: `${localizePath(locale, path)}/`, kb: gzipSync(pageAt(locale, path)?.html ?? '', { level: 9 }).length / KB })));
    const biggest = sizes.reduce((a, b) => (b.kb > a.kb ? b : a));
    console.log(`[size] biggest listing page: ${biggest.url} ${biggest.kb.toFixed(1)} KB gzip HTML`);
    expectNone(sizes.filter((s) => s.kb > STATIC_PAGE_BUDGET.htmlGzipKb).map((s) => `${s.url}: ${s.kb.toFixed(1)} KB`), 'pages over the HTML budget');
  });
});
