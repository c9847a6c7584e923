// The built site (dist/) against the SEO table and the search-engine rules of spec §1–2: every table
// path in three locales, titles and descriptions, lang, canonical, reciprocal hreflang, noindex,
// internal links, sitemap, robots.txt and JSON-LD. Builds dist/ first when it is missing or stale.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSeoData, seoPaths } from '~seo-data/schema';
import { isNoindexUrlPath } from '~/seo/noindex.mjs';
import { LOCALES, expectNone, siteDir, productName, resolvesInDist, unprefixed, useBuiltSite, type Locale, type Page } from './dist';

const site = useBuiltSite();
const data = loadSeoData();
const paths = seoPaths(data);
const HREFLANG: Record<Locale, string> = { it: 'it-IT', en: 'en-GB', fr: 'fr-FR' };
const HREFLANGS = [...Object.values(HREFLANG), 'x-default'].sort();

/** URL path of a table path in a locale, in the built (trailing slash) form. */
const urlOf = (locale: Locale, p: string) => `${locale === 'it' ? '' : `/${locale}`}/${p ? `${p}/` : ''}`;
const fileOf = (url: string) => `${url.replace(/^\//, '')}index.html`;
const indexable = (page: Page) => page.file.endsWith('index.html') && !page.noindex && !page.is404;
const canonicalOf = (page: Page) => `${site().origin}${page.url}`;

function tablePages(): { path: string; locale: Locale; url: string; page: Page | undefined }[] {
  return paths.flatMap((p) => LOCALES.map((locale) => ({ path: p, locale, url: urlOf(locale, p), page: site().byUrl.get(urlOf(locale, p)) })));
}

describe('pages of the SEO table', () => {
  it('every table path is built in it (no prefix), /en and /fr as <path>/index.html', () => {
    const missing = tablePages()
      .filter((t) => !site().files.has(fileOf(t.url)))
      .map((t) => `dist/${fileOf(t.url)}`);
    expectNone(missing, 'table pages missing');
  });

  it('titles and descriptions are the table’s, titles as "{title} | {product}"', () => {
    const wrong: string[] = [];
    for (const { path: p, locale, url, page } of tablePages()) {
      if (!page) continue;
      const meta = data.pages[p]![locale];
      if (page.title !== `${meta.title} | ${productName}`) wrong.push(`${url}: title ${JSON.stringify(page.title)}, table ${JSON.stringify(meta.title)}`);
      if (page.description !== meta.description) wrong.push(`${url}: description ${JSON.stringify(page.description)}`);
    }
    expectNone(wrong, 'table pages with another title or description');
  });

  it('titles and descriptions are unique per locale across the table pages', () => {
    const dupes: string[] = [];
    for (const locale of LOCALES)
      for (const field of ['title', 'description'] as const) {
        const seen = new Map<string, string>();
        for (const { url, page } of tablePages().filter((t) => t.locale === locale)) {
          const value = page?.[field];
          if (value === undefined) continue;
          if (seen.has(value)) dupes.push(`${locale} ${field} of ${url} repeats ${seen.get(value)}: ${JSON.stringify(value)}`);
          else seen.set(value, url);
        }
      }
    expectNone(dupes, 'duplicates');
  });
});

describe('every built page', () => {
  it('has <html lang> of its locale', () => {
    const wrong = site()
      .pages.filter((p) => p.lang !== p.locale)
      .map((p) => `${p.file}: lang=${p.lang}`);
    expectNone(wrong, 'pages with a wrong lang');
  });

  it('has a title "{title} | {product}" and a description', () => {
    const escaped = productName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const wrong = site()
      .pages.filter((p) => !new RegExp(`^\\S.* \\| ${escaped}$`).test(p.title ?? '') || !p.description)
      .map((p) => `${p.file}: title ${JSON.stringify(p.title)}, description ${JSON.stringify(p.description)}`);
    expectNone(wrong, 'pages without a proper title or description');
  });

  it('indexable pages have unique titles per locale', () => {
    const dupes: string[] = [];
    for (const locale of LOCALES) {
      const seen = new Map<string, string>();
      for (const page of site().pages.filter((p) => indexable(p) && p.locale === locale)) {
        if (seen.has(page.title!)) dupes.push(`${page.url} repeats the title of ${seen.get(page.title!)}: ${JSON.stringify(page.title)}`);
        else seen.set(page.title!, page.url);
      }
    }
    expectNone(dupes, 'duplicate titles');
  });
});

describe('canonical and hreflang', () => {
  it('indexable pages have one self-referencing canonical in the sitemap form', () => {
    const wrong = site()
      .pages.filter(indexable)
      .filter((p) => p.canonical.length !== 1 || p.canonical[0] !== canonicalOf(p))
      .map((p) => `${p.url}: canonical ${JSON.stringify(p.canonical)}, expected ${canonicalOf(p)}`);
    expectNone(wrong, 'pages with a wrong canonical');
  });

  it('indexable pages list it-IT, en-GB, fr-FR and x-default, their own locale being themselves', () => {
    const wrong: string[] = [];
    for (const page of site().pages.filter(indexable)) {
      const langs = page.alternates.map(([lang]) => lang).sort();
      if (JSON.stringify(langs) !== JSON.stringify(HREFLANGS)) wrong.push(`${page.url}: hreflang ${langs.join(', ')}`);
      const map = new Map(page.alternates);
      if (map.get(HREFLANG[page.locale]) !== canonicalOf(page)) wrong.push(`${page.url}: ${HREFLANG[page.locale]} → ${map.get(HREFLANG[page.locale])}`);
      if (map.get('x-default') !== map.get('it-IT')) wrong.push(`${page.url}: x-default ${map.get('x-default')} ≠ it-IT ${map.get('it-IT')}`);
    }
    expectNone(wrong, 'pages with wrong hreflang alternates');
  });

  it('hreflang alternates are reciprocal: A lists B ⇒ B is indexable and lists the same set', () => {
    const { origin, byUrl } = site();
    const wrong: string[] = [];
    for (const page of site().pages.filter(indexable)) {
      const set = JSON.stringify([...page.alternates].sort());
      for (const [lang, href] of page.alternates) {
        const target = href.startsWith(origin) ? byUrl.get(href.slice(origin.length)) : undefined;
        if (!target) wrong.push(`${page.url}: ${lang} → ${href} is not a built page of ${origin}`);
        else if (!indexable(target)) wrong.push(`${page.url}: ${lang} → ${href} is noindex`);
        else if (JSON.stringify([...target.alternates].sort()) !== set) wrong.push(`${page.url}: ${lang} → ${target.url} lists another set`);
      }
    }
    expectNone(wrong, 'non-reciprocal alternates');
  });
});

describe('noindex', () => {
  it('pages of src/seo/noindex.mjs and the 404 pages have robots noindex', () => {
    const wrong = site()
      .pages.filter((p) => (p.is404 || isNoindexUrlPath(p.url)) && !p.noindex)
      .map((p) => `${p.file}: robots ${JSON.stringify(p.robots)}`);
    expectNone(wrong, 'noindex pages without robots noindex');
  });

  it('noindex pages have neither canonical nor hreflang', () => {
    const wrong = site()
      .pages.filter((p) => p.noindex && (p.canonical.length > 0 || p.alternates.length > 0))
      .map((p) => `${p.file}: ${p.canonical.length} canonical, ${p.alternates.length} alternates`);
    expectNone(wrong, 'noindex pages with canonical or hreflang');
  });
});

describe('internal links', () => {
  it('every <a href="/…"> (except /api/) resolves to a built page or file', () => {
    // Grouped by target: one missing page linked from every footer is one line, not hundreds.
    const broken = new Map<string, string[]>();
    for (const page of site().pages)
      for (const href of new Set(page.links)) {
        if (!href.startsWith('/') || href.startsWith('//') || /^\/api(\/|$|\?)/.test(href)) continue;
        if (!resolvesInDist(site(), href)) broken.set(href, [...(broken.get(href) ?? []), page.file]);
      }
    expectNone(
      [...broken].map(([href, from]) => `${href} ← ${from.length} page(s), e.g. dist/${from[0]}`),
      'broken internal link targets',
    );
  });
});

describe('sitemap and robots.txt', () => {
  const readDist = (file: string) => readFileSync(path.join(siteDir(), file), 'utf8');

  function sitemapEntries(): { loc: string; alternates: [string, string][] }[] {
    const { origin } = site();
    const index = readDist('sitemap-index.xml');
    const maps = [...index.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g)].map((m) => m[1]!);
    expect(maps.length).toBeGreaterThan(0);
    return maps.flatMap((loc) => {
      expect(loc.startsWith(`${origin}/`), `${loc} is on ${origin}`).toBe(true);
      const xml = readDist(new URL(loc).pathname.slice(1));
      return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => ({
        loc: /<loc>\s*([^<]+?)\s*<\/loc>/.exec(m[1]!)![1]!,
        alternates: [...m[1]!.matchAll(/<xhtml:link\b[^>]*>/g)].map((l) => [
          /hreflang="([^"]+)"/.exec(l[0])?.[1] ?? '',
          /href="([^"]+)"/.exec(l[0])?.[1] ?? '',
        ]) as [string, string][],
      }));
    });
  }

  it('lists exactly the indexable pages (built index.html, not noindex, not 404)', () => {
    const listed = sitemapEntries().map((e) => e.loc);
    const expected = site().pages.filter(indexable).map(canonicalOf);
    expect(expected.length).toBeGreaterThanOrEqual(paths.filter((p) => !isNoindexUrlPath(`/${p}`)).length * LOCALES.length);
    const listedSet = new Set(listed);
    const expectedSet = new Set(expected);
    expectNone(
      listed.filter((l, i) => listed.indexOf(l) !== i).map((l) => `listed twice: ${l}`),
      'duplicate sitemap entries',
    );
    expectNone(
      [
        ...expected.filter((u) => !listedSet.has(u)).map((u) => `missing from the sitemap: ${u}`),
        ...listed.filter((u) => !expectedSet.has(u)).map((u) => `in the sitemap but not an indexable page: ${u}`),
      ],
      'sitemap differences',
    );
  });

  it('lists every entry with its alternates, the same as the page’s hreflang', () => {
    const { origin, byUrl } = site();
    const wrong: string[] = [];
    for (const entry of sitemapEntries()) {
      const page = byUrl.get(entry.loc.slice(origin.length));
      if (!page) continue; // reported by the previous test
      const own = new Map(page.alternates);
      const langs = entry.alternates.map(([l]) => l);
      for (const lang of Object.values(HREFLANG)) if (!langs.includes(lang)) wrong.push(`${entry.loc}: no ${lang} alternate`);
      for (const [lang, href] of entry.alternates)
        if (own.get(lang) !== href) wrong.push(`${entry.loc}: ${lang} → ${href}, the page says ${own.get(lang)}`);
    }
    expectNone(wrong, 'sitemap entries with wrong alternates');
  });

  it('leaves the booking calendar and checkout out and noindex, keeps the town, shop and booking landing pages in', () => {
    const { origin, byUrl } = site();
    const listed = new Set(sitemapEntries().map((e) => e.loc));
    const shop = data.shops[0]!.slug;
    const wrong: string[] = [];
    for (const locale of LOCALES) {
      for (const p of [`prenota/${shop}/calendar`, `prenota/${shop}/order`]) {
        const url = urlOf(locale, p);
        if (!byUrl.get(url)?.noindex) wrong.push(`${url}: not noindex`);
        if (listed.has(`${origin}${url}`)) wrong.push(`${url}: in the sitemap`);
      }
      for (const p of ['noleggi/sestriere', 'sci/sestriere', `noleggio/${shop}`, `prenota/${shop}`]) {
        const url = urlOf(locale, p);
        const page = byUrl.get(url);
        if (!page || !indexable(page)) wrong.push(`${url}: not indexable`);
        if (!listed.has(`${origin}${url}`)) wrong.push(`${url}: missing from the sitemap`);
      }
    }
    expectNone(wrong, 'booking pages indexed wrongly');
  });

  it('robots.txt points to the sitemap index', () => {
    const robots = readDist('robots.txt');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toContain(`Sitemap: ${site().origin}/sitemap-index.xml`);
  });
});

describe('structured data (JSON-LD)', () => {
  type Node = Record<string, unknown>;
  const nodesOf = (page: Page): Node[] =>
    page.jsonLd.flatMap((text) => {
      const parsed = JSON.parse(text) as Node | Node[];
      return (Array.isArray(parsed) ? parsed : [parsed]).flatMap((n) => (Array.isArray(n['@graph']) ? (n['@graph'] as Node[]) : [n]));
    });
  const types = (node: Node) => [node['@type']].flat().map(String);
  const ofType = (page: Page, ...wanted: string[]) => nodesOf(page).filter((n) => types(n).some((t) => wanted.includes(t)));
  const pagesAt = (p: string) => LOCALES.map((l) => site().byUrl.get(urlOf(l, p))).filter((x): x is Page => x !== undefined);

  it('every <script type="application/ld+json"> parses as JSON', () => {
    const wrong: string[] = [];
    for (const page of site().pages)
      for (const text of page.jsonLd)
        try {
          JSON.parse(text);
        } catch (error) {
          wrong.push(`${page.file}: ${(error as Error).message}`);
        }
    expectNone(wrong, 'invalid JSON-LD blocks');
  });

  it('the home page has a WebSite', () => {
    const home = pagesAt('');
    expect(home).toHaveLength(3);
    for (const page of home) expect(ofType(page, 'WebSite'), page.url).toHaveLength(1);
  });

  it('shop pages have a Store/LocalBusiness with address, telephone and geo', () => {
    const wrong: string[] = [];
    for (const shop of data.shops)
      for (const page of pagesAt(`noleggio/${shop.slug}`)) {
        const store = ofType(page, 'Store', 'LocalBusiness')[0];
        if (!store) {
          wrong.push(`${page.url}: no Store/LocalBusiness`);
          continue;
        }
        const address = (store.address ?? {}) as Node;
        const geo = (store.geo ?? {}) as Node;
        if (store.name !== shop.label) wrong.push(`${page.url}: name ${String(store.name)}`);
        if (store.telephone !== shop.phone) wrong.push(`${page.url}: telephone ${String(store.telephone)}`);
        if (address['@type'] !== 'PostalAddress' || !address.streetAddress || !address.postalCode || !address.addressLocality || !address.addressCountry)
          wrong.push(`${page.url}: address ${JSON.stringify(address)}`);
        if (Number(geo.latitude) !== shop.lat || Number(geo.longitude) !== shop.lon) wrong.push(`${page.url}: geo ${JSON.stringify(geo)}`);
      }
    expectNone(wrong, 'shop pages with incomplete LocalBusiness data');
  });

  it('category, category×town, town, shop and trail pages have a BreadcrumbList of built pages', () => {
    const { origin } = site();
    const categories = data.categories.map((c) => c.slug as string);
    const targets = paths.filter((p) => {
      const [first, second] = p.split('/');
      if (categories.includes(first!)) return true; // category, category×town
      return second !== undefined && ['noleggi', 'noleggio', 'sentiero'].includes(first!) && !p.includes('/', first!.length + 1); // town, shop, trail
    });
    expect(targets).toEqual(expect.arrayContaining(['sci', 'sci/sestriere', 'noleggi/sestriere', `noleggio/${data.shops[0]!.slug}`]));
    const wrong: string[] = [];
    for (const p of targets)
      for (const page of pagesAt(p)) {
        const list = ofType(page, 'BreadcrumbList')[0];
        const items = (list?.itemListElement ?? []) as Node[];
        if (!list || items.length < 2) {
          wrong.push(`${page.url}: no BreadcrumbList`);
          continue;
        }
        items.forEach((item, i) => {
          const href = String(item.item ?? '');
          if (item.position !== i + 1 || !item.name) wrong.push(`${page.url}: item ${i + 1} ${JSON.stringify(item)}`);
          else if (!href.startsWith(origin) || !resolvesInDist(site(), href.slice(origin.length) || '/')) wrong.push(`${page.url}: item ${href} is not a built page`);
        });
        if (unprefixed(String(items.at(-1)!.item ?? '').slice(origin.length)).replace(/\/?$/, '/') !== unprefixed(page.url))
          wrong.push(`${page.url}: the last breadcrumb is ${String(items.at(-1)!.item)}`);
      }
    expectNone(wrong, 'pages with a wrong BreadcrumbList');
  });
});
