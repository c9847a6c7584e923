// Pictures of the gear step and the shop pages go through Astro's image pipeline at build: every
// product of every shop's booking page (it/en/fr) has a picture the island receives as props (its
// photo, else its sport's drawing) with a set width and height and a file in dist/; a photo is
// served as WebP at the card's widths (srcset); a shop with a photo shows it on its page as a
// <picture> with AVIF and WebP sources, lazy, with width, height and alt; a shop without has none.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSeoData } from '~seo-data/schema';
import { categoriesOfSport, loadCatalogue } from '~seo-data/catalogue';
import { pictureOf, type BookingPictures } from '~/features/customer/booking/pictures';
import { LOCALES, decode, siteDir, useBuiltSite } from './dist';

const site = useBuiltSite();
const data = loadSeoData();
const catalogue = loadCatalogue();
const prefix = (locale: string) => (locale === 'it' ? '' : `/${locale}`);

/** Astro's serialised island props: every value is [type, value]; 0 plain (objects nested), 1 array. */
function revive(entry: unknown): unknown {
  const [type, value] = entry as [number, unknown];
  if (type === 1) return (value as unknown[]).map(revive);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
  return value;
}

function bookingProps(url: string): { pictures: BookingPictures } {
  const page = site().byUrl.get(url);
  expect(page, url).toBeDefined();
  const island = [...page!.html.matchAll(/<astro-island\b[^>]*>/g)].map((m) => m[0]).find((tag) => /component-url="[^"]*ShopBooking/.test(tag));
  expect(island, `${url}: the booking island`).toBeDefined();
  const props = JSON.parse(decode(/\bprops="([^"]*)"/.exec(island!)![1]!)) as Record<string, unknown>;
  return revive([0, props]) as { pictures: BookingPictures };
}

const inDist = (src: string) => existsSync(path.join(siteDir(), decodeURIComponent(src.split('?')[0]!)));

describe('pictures of the gear step', () => {
  for (const locale of LOCALES)
    it(`every product of every shop's booking page has a picture with its size and file (${locale})`, () => {
      const problems: string[] = [];
      for (const shop of data.shops) {
        const url = `${prefix(locale)}/prenota/${shop.slug}/`;
        const { pictures } = bookingProps(url);
        for (const sport of shop.sports)
          for (const product of categoriesOfSport(catalogue, sport).flatMap((c) => c.products)) {
            const picture = pictureOf(pictures, product.code, sport);
            if (!picture) problems.push(`${url} ${product.code}: no picture`);
            else if (!(picture.width > 0 && picture.height > 0)) problems.push(`${url} ${product.code}: no size`);
            else if (!inDist(picture.src)) problems.push(`${url} ${product.code}: ${picture.src} not built`);
          }
      }
      expect(problems).toEqual([]);
    });

  it('a product photo is made by the pipeline: WebP at the card widths, each file built', () => {
    const withPhoto = Object.values(catalogue.sports).flatMap((categories) => categories!.flatMap((c) => c.products)).filter((p) => p.photo);
    expect(withPhoto.length).toBeGreaterThan(0);
    const { pictures } = bookingProps(`/prenota/${data.shops[0]!.slug}/`);
    for (const product of withPhoto) {
      const photo = pictures.photos[product.code]!;
      expect(photo, product.code).toBeDefined();
      expect(photo.src).toMatch(/^\/_astro\/.+\.webp$/);
      expect({ width: photo.width, height: photo.height }).toEqual({ width: 96, height: 72 });
      const candidates = photo.srcset!.split(', ').map((c) => c.split(' '));
      expect(candidates.map(([, w]) => w)).toEqual(['96w', '192w', '288w']);
      for (const [src] of candidates) expect(inDist(src!), src).toBe(true);
    }
  });
});

describe('shop photos', () => {
  const withPhoto = data.shops.filter((s) => s.photo);
  const without = data.shops.find((s) => !s.photo)!;

  it('a shop with a photo shows it through the pipeline: AVIF and WebP sources, lazy, sized, with alt', () => {
    expect(withPhoto.length).toBeGreaterThan(0);
    for (const shop of withPhoto)
      for (const locale of LOCALES) {
        const html = site().byUrl.get(`${prefix(locale)}/noleggio/${shop.slug}/`)!.html;
        const picture = /<picture\b[\s\S]*?<\/picture>/.exec(html)?.[0];
        expect(picture, `${locale} ${shop.slug}`).toBeDefined();
        expect(picture).toMatch(/<source srcset="[^"]+\.avif 400w, [^"]+\.avif 800w, [^"]+\.avif 1200w" type="image\/avif"/);
        expect(picture).toMatch(/<source srcset="[^"]+\.webp 400w[^"]*" type="image\/webp"/);
        const img = /<img\b[^>]*>/.exec(picture!)![0];
        expect(img).toMatch(/\bloading="lazy"/);
        expect(img).toMatch(/\bwidth="800"/);
        expect(img).toMatch(/\bheight="\d+"/);
        expect(img).toMatch(new RegExp(`\\balt="[^"]*${shop.label}[^"]*"`));
        for (const [, src] of picture!.matchAll(/([^\s",]+\.(?:avif|webp|jpg)) \d+w/g)) expect(inDist(src!), src).toBe(true);
      }
  });

  it('a shop without a photo has no picture on its page', () => {
    expect(site().byUrl.get(`/noleggio/${without.slug}/`)!.html).not.toMatch(/<picture\b/);
  });
});
