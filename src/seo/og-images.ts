// Which link-preview image each page shows, and the list of every image the build draws. One
// rule for both: the head (BaseLayout) and the build integration (og-integration.ts) call it, so
// a page never points at an image that was not made.
//
// A place's image (town, shop, trail) carries only its name and where it is, which are the same
// in every language: one image serves the three locales. Categories and the default image carry
// translated words: one per locale.
import type { SeoCatalogue } from '~seo-data/schema';
import type { Locale } from '../domain/locales';
import type { OgText } from './og-template';

export interface OgImage extends OgText {
  /** File name under /og/, without extension. */
  name: string;
}

/** What the build needs besides the catalogue: the product's name and the default title per locale. */
export interface OgContext {
  siteName: string;
  defaultTitle: (locale: Locale) => string;
}

export const ogImageUrl = (image: Pick<OgImage, 'name'>): string => `/og/${image.name}.png`;

/** The image's alternative text: what is written on it. */
export const ogImageAlt = (image: OgText): string => [image.kicker, image.title, image.subtitle].filter(Boolean).join(' – ');

function placeImage(kind: 'town' | 'shop' | 'trail', slug: string, title: string, subtitle: string, ctx: OgContext): OgImage {
  return { name: `${kind}-${slug}`, kicker: ctx.siteName, title, subtitle };
}

function townImage(catalogue: SeoCatalogue, slug: string, ctx: OgContext): OgImage | undefined {
  const town = catalogue.towns.find((t) => t.slug === slug);
  return town && placeImage('town', town.slug, town.label, town.region, ctx);
}

function whereIs(catalogue: SeoCatalogue, townSlug: string): string {
  const town = catalogue.towns.find((t) => t.slug === townSlug);
  return town ? `${town.label} · ${town.region}` : '';
}

function shopImage(catalogue: SeoCatalogue, slug: string, ctx: OgContext): OgImage | undefined {
  const shop = catalogue.shops.find((s) => s.slug === slug);
  return shop && placeImage('shop', shop.slug, shop.label, whereIs(catalogue, shop.town), ctx);
}

function trailImage(catalogue: SeoCatalogue, slug: string, ctx: OgContext): OgImage | undefined {
  const trail = catalogue.trails.find((t) => t.slug === slug);
  return trail && placeImage('trail', trail.slug, trail.label, whereIs(catalogue, trail.town), ctx);
}

function categoryImage(catalogue: SeoCatalogue, slug: string, locale: Locale, ctx: OgContext): OgImage | undefined {
  const category = catalogue.categories.find((c) => c.slug === slug);
  if (!category) return undefined;
  return { name: `category-${category.slug}-${locale}`, kicker: ctx.siteName, title: category.name[locale], subtitle: ctx.defaultTitle(locale) };
}

const defaultImage = (locale: Locale, ctx: OgContext): OgImage => ({ name: `default-${locale}`, kicker: ctx.siteName, title: ctx.defaultTitle(locale) });

/**
 * The image of a page, by its path without locale prefix ("/noleggi/sestriere"): its town, shop,
 * trail or category (a category×town page shows its town), else the default one.
 */
export function ogImageFor(path: string, locale: Locale, catalogue: SeoCatalogue, ctx: OgContext): OgImage {
  const [first, second] = path.split('/').filter(Boolean);
  let image: OgImage | undefined;
  if (first && second) {
    if (first === 'noleggi' || first === 'sentieri') image = townImage(catalogue, second, ctx);
    else if (first === 'noleggio' || first === 'prenota') image = shopImage(catalogue, second, ctx);
    else if (first === 'sentiero') image = trailImage(catalogue, second, ctx);
    else if (catalogue.categories.some((c) => c.slug === first)) image = townImage(catalogue, second, ctx);
  } else if (first) image = categoryImage(catalogue, first, locale, ctx);
  return image ?? defaultImage(locale, ctx);
}

/** Every image the build draws: each page's `ogImageFor` is one of them. */
export function ogImageList(catalogue: SeoCatalogue, locales: readonly Locale[], ctx: OgContext): OgImage[] {
  return [
    ...locales.map((l) => defaultImage(l, ctx)),
    ...catalogue.categories.flatMap((c) => locales.map((l) => categoryImage(catalogue, c.slug, l, ctx)!)),
    ...catalogue.towns.map((t) => townImage(catalogue, t.slug, ctx)!),
    ...catalogue.shops.map((s) => shopImage(catalogue, s.slug, ctx)!),
    ...catalogue.trails.map((t) => trailImage(catalogue, t.slug, ctx)!),
  ];
}
