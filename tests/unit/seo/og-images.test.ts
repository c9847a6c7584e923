// Which image each page shows (src/seo/og-images.ts) and the build's image cache (og-render.ts).
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSeoData, seoPaths } from '~seo-data/schema';
import { LOCALES } from '~/domain/locales';
import { getT } from '~/i18n/server';
import { ogImageAlt, ogImageFor, ogImageList, ogImageUrl, type OgContext, type OgImage } from '~/seo/og-images';
import { drawOgImages, ogCacheKey } from '~/seo/og-render';

const data = loadSeoData();
const ctx: OgContext = { siteName: 'RentAlp', defaultTitle: (l) => getT(l)('app.defaultTitle') };
const list = ogImageList(data, LOCALES, ctx);

describe('the image of each page', () => {
  it('every page of the SEO table, and the other pages, in every locale, shows an image of the list', () => {
    const names = new Set(list.map((i) => i.name));
    const others = ['/', '/login', '/account', '/orders/view', '/totem/board', '/prenota', '/prenota/calendar', '/info/oblio', '/404'];
    for (const p of [...seoPaths(data).map((s) => `/${s}`), ...others])
      for (const locale of LOCALES) expect(names, `${locale} ${p}`).toContain(ogImageFor(p, locale, data, ctx).name);
  });

  it('names are unique, one per place, one per category and locale, one default per locale', () => {
    expect(new Set(list.map((i) => i.name)).size).toBe(list.length);
    expect(list).toHaveLength(LOCALES.length * (1 + data.categories.length) + data.towns.length + data.shops.length + data.trails.length);
  });

  it('a town, shop and trail page show their place, shared by the locales; a category its translated name', () => {
    const town = data.towns.find((t) => t.slug === 'sestriere')!;
    for (const locale of LOCALES) {
      expect(ogImageFor('/noleggi/sestriere', locale, data, ctx)).toEqual({ name: 'town-sestriere', kicker: 'RentAlp', title: town.label, subtitle: town.region });
      expect(ogImageFor('/sci/sestriere/', locale, data, ctx).name).toBe('town-sestriere');
    }
    const shop = data.shops[0]!;
    for (const p of [`/noleggio/${shop.slug}`, `/prenota/${shop.slug}`, `/prenota/${shop.slug}/calendar`, `/prenota/${shop.slug}/order`])
      expect(ogImageFor(p, 'fr', data, ctx)).toMatchObject({ name: `shop-${shop.slug}`, title: shop.label, subtitle: expect.stringContaining(shop.city) });
    const trail = data.trails[0]!;
    expect(ogImageFor(`/sentiero/${trail.slug}`, 'en', data, ctx)).toMatchObject({ name: `trail-${trail.slug}`, title: trail.label });
    const sci = data.categories.find((c) => c.slug === 'sci')!;
    expect(ogImageFor('/sci', 'en', data, ctx)).toMatchObject({ name: 'category-sci-en', title: sci.name.en, subtitle: getT('en')('app.defaultTitle') });
    expect(ogImageFor('/account', 'fr', data, ctx)).toEqual({ name: 'default-fr', kicker: 'RentAlp', title: getT('fr')('app.defaultTitle') });
    expect(ogImageFor('/noleggio/no-such-shop', 'it', data, ctx).name).toBe('default-it');
  });

  it('URL and alternative text', () => {
    expect(ogImageUrl({ name: 'town-alba' })).toBe('/og/town-alba.png');
    expect(ogImageAlt({ kicker: 'RentAlp', title: 'Alba', subtitle: 'Piemonte' })).toBe('RentAlp – Alba – Piemonte');
  });
});

describe('the image cache', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'og-cache-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keys on the text; a second run draws nothing and serves the same files; a changed text is drawn again', async () => {
    const images: OgImage[] = [
      { name: 'a', kicker: 'RentAlp', title: 'Alba' },
      { name: 'b', kicker: 'RentAlp', title: 'Alba', subtitle: 'Piemonte' },
    ];
    expect(ogCacheKey(images[0]!)).not.toBe(ogCacheKey(images[1]!));
    const renamed: OgImage = { ...images[0]!, name: 'other' };
    expect(ogCacheKey(renamed)).toBe(ogCacheKey(images[0]!));

    const first = await drawOgImages(images, dir);
    expect(first.stats).toMatchObject({ images: 2, drawn: 2, cached: 0 });
    const png = readFileSync(first.files.get('a')!);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const mtime = statSync(first.files.get('a')!).mtimeMs;

    const second = await drawOgImages(images, dir);
    expect(second.stats).toMatchObject({ drawn: 0, cached: 2 });
    expect(second.files).toEqual(first.files);
    expect(statSync(second.files.get('a')!).mtimeMs).toBe(mtime);

    const third = await drawOgImages([{ ...images[0]!, title: 'Alassio' }, images[1]!], dir);
    expect(third.stats).toMatchObject({ drawn: 1, cached: 1 });
    expect(third.files.get('a')).not.toBe(first.files.get('a'));
  });
});
