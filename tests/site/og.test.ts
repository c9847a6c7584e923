// Link previews of the built site: every page's og:image is a real 1200×630 PNG of a bounded size,
// served as image/png by `npm start`'s static server, and the Open Graph/Twitter fields are there
// with the page's locale. Builds dist/ first when it is missing or stale.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { serveDist } from '~server/static';
import { LOCALES, expectNone, siteDir, useBuiltSite, type Locale, type Page } from './dist';

const site = useBuiltSite();
const OG_LOCALE: Record<Locale, string> = { it: 'it_IT', en: 'en_GB', fr: 'fr_FR' };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Flat colours and text compress to ~30 KB; a photo-like or broken render would not stay under this. */
const MAX_BYTES = 100_000;

/** Every `<meta property|name=… content=…>` of the head, in order (a property may repeat). */
function metas(page: Page): [string, string][] {
  const head = page.html.slice(0, page.html.indexOf('</head>'));
  return [...head.matchAll(/<meta\s+(?:property|name)="([^"]+)"\s+content="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]);
}
const one = (list: [string, string][], key: string) => list.filter(([k]) => k === key).map(([, v]) => v);

/** Pages a visitor can share: every HTML page but the bare 404/500 files of the root. */
const pages = () => site().pages.filter((p) => p.file.endsWith('index.html'));

function pngSize(png: Buffer): { width: number; height: number } {
  // The first chunk is IHDR: length (4), type (4), then width and height, big-endian.
  expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('link previews', () => {
  it('covers all pages', () => {
    expect(pages().length).toBeGreaterThan(500);
  });

  it('every page has the Open Graph and Twitter fields, with its locale and the two others as alternates', () => {
    const problems: string[] = [];
    for (const page of pages()) {
      const m = metas(page);
      const want: [string, string | undefined][] = [
        ['og:title', page.title],
        ['twitter:title', page.title],
        ['og:description', page.description],
        ['twitter:description', page.description],
        ['og:locale', OG_LOCALE[page.locale]],
        ['twitter:card', 'summary_large_image'],
        ['og:image:width', '1200'],
        ['og:image:height', '630'],
        ['og:image:type', 'image/png'],
      ];
      for (const [key, value] of want) {
        const got = one(m, key);
        if (got.length !== 1 || got[0] !== value) problems.push(`${page.url}: ${key} ${JSON.stringify(got)}, want ${JSON.stringify(value)}`);
      }
      const alternates = one(m, 'og:locale:alternate').sort();
      const others = LOCALES.filter((l) => l !== page.locale).map((l) => OG_LOCALE[l]).sort();
      if (JSON.stringify(alternates) !== JSON.stringify(others)) problems.push(`${page.url}: og:locale:alternate ${alternates.join(',')}`);
      const url = one(m, 'og:url')[0] ?? '';
      if (url !== `${site().origin}${page.url}` && !page.noindex) problems.push(`${page.url}: og:url ${url}`);
      const [image] = one(m, 'og:image');
      if (!image || one(m, 'twitter:image')[0] !== image) problems.push(`${page.url}: og:image ${image}, twitter:image ${one(m, 'twitter:image')[0]}`);
      const alt = one(m, 'og:image:alt')[0] ?? '';
      if (alt.length < 3 || one(m, 'twitter:image:alt')[0] !== alt) problems.push(`${page.url}: image alt ${JSON.stringify(alt)}`);
    }
    expectNone(problems, 'pages with wrong link-preview fields');
  });

  it('a place page shows its place’s name; a page of another locale the same place image', () => {
    const it = site().byUrl.get('/noleggi/sestriere/')!;
    const fr = site().byUrl.get('/fr/noleggi/sestriere/')!;
    expect(one(metas(it), 'og:image')[0]).toBe(`${site().origin}/og/town-sestriere.png`);
    expect(one(metas(fr), 'og:image')[0]).toBe(one(metas(it), 'og:image')[0]);
    expect(one(metas(it), 'og:image:alt')[0]).toContain('Sestriere');
    expect(one(metas(site().byUrl.get('/en/sci/')!), 'og:image')[0]).toBe(`${site().origin}/og/category-sci-en.png`);
  });

  it('every og:image is a 1200×630 PNG under the size bound, answered as image/png by the static server', async () => {
    const app = new Hono().use('*', serveDist(siteDir()));
    const images = new Map<string, string[]>();
    for (const page of pages()) {
      const image = one(metas(page), 'og:image')[0];
      if (image) images.set(image, [...(images.get(image) ?? []), page.url]);
    }
    const problems: string[] = [];
    for (const [image, usedBy] of images) {
      const url = new URL(image);
      if (url.origin !== site().origin) {
        problems.push(`${image} (on ${usedBy[0]}) is not on the site`);
        continue;
      }
      const res = await app.request(url.pathname);
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200 || res.headers.get('content-type') !== 'image/png') {
        problems.push(`${url.pathname} (on ${usedBy[0]}): ${res.status} ${res.headers.get('content-type')}`);
        continue;
      }
      expect(body.equals(readFileSync(path.join(siteDir(), url.pathname)))).toBe(true);
      const { width, height } = pngSize(body);
      if (width !== 1200 || height !== 630) problems.push(`${url.pathname}: ${width}×${height}`);
      if (body.length > MAX_BYTES || body.length < 5_000) problems.push(`${url.pathname}: ${body.length} bytes`);
    }
    expectNone(problems, 'broken link-preview images');
    // One image per town, shop, trail; one per category and locale; one default per locale.
    expect(images.size).toBeGreaterThanOrEqual(50);
  });
});
