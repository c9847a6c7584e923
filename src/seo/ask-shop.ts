// The shops "Chiedi al negozio" writes to, named by slug: the one key the static pages
// share with every booking API. The ids of seo-data/shops.json are the reference API's seed, and a
// build for another API (CATALOGUE_API_URL) would put ids in the pages that API does not know; the
// contract's shop_id takes a slug, which the API resolves. Imported, not read: the built pages no
// longer sit beside the file.
import shops from '../../seo-data/shops.json';

export interface AskShopTarget {
  slug: string;
  label: string;
}

const bySlug = new Map<string, AskShopTarget>(shops.map((s) => [s.slug, { slug: s.slug, label: s.label }]));

/** The shop of a shop page. */
export function askShopTarget(slug: string): AskShopTarget {
  const target = bySlug.get(slug);
  if (!target) throw new Error(`No shop "${slug}" in seo-data/shops.json`);
  return target;
}

/** Every shop of the network, by name (the hotels page's picker). */
export function askShopTargets(): AskShopTarget[] {
  return [...bySlug.values()].sort((a, b) => a.label.localeCompare(b.label, 'it'));
}
