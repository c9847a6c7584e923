// URL slugs for towns, shops and trails. The SEO data is keyed by slugs built with exactly this
// rule, so changing it breaks their lookups.

/**
 * NFD, strip accents, lower-case, runs outside [a-z0-9] become '-', no '-' at the ends. The
 * schema (seo-data/schema.ts) holds the table's slugs to it; the larger network's generator
 * (scripts/seo-data-scale.ts) names its copies with it.
 */
export function slugify(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
