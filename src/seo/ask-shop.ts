// The shops "Chiedi al negozio" writes to, named by slug: the one key the static pages
// share with every booking API. The ids of seo-data/shops.json are the reference API's seed, and a
// build for another API (CATALOGUE_API_URL) would put ids in the pages that API does not know; the
// contract's shop_id takes a slug, which the API resolves. Read from the table's folder
// (seo-data/dir.ts: the committed one, or SEO_DATA_DIR) when the build loads the module.
import { seoDataFile } from '~seo-data/dir';
import { loadSeoFile } from '~seo-data/schema';

const shops = loadSeoFile('shops.json');

export interface AskShopTarget {
  slug: string;
  label: string;
}

const bySlug = new Map<string, AskShopTarget>(shops.map((s) => [s.slug, { slug: s.slug, label: s.label }]));

/** The shop of a shop page. */
export function askShopTarget(slug: string): AskShopTarget {
  const target = bySlug.get(slug);
  if (!target) throw new Error(`No shop "${slug}" in ${seoDataFile('shops.json')}`);
  return target;
}

/** Every shop of the network, by name (the hotels page's picker). */
export function askShopTargets(): AskShopTarget[] {
  return [...bySlug.values()].sort((a, b) => a.label.localeCompare(b.label, 'it'));
}
