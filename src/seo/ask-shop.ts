// The shops "Chiedi al negozio" (issue #16) writes to, as the API knows them: its numeric ids. The
// content collections key shops by slug (src/content.config.ts puts the slug in `id`), so the ids
// come from seo-data/shops.json itself — the file the API seeds its shops from, validated by the
// collections when the build starts. Imported, not read: the built pages no longer sit beside it.
import shops from '../../seo-data/shops.json';

export interface AskShopTarget {
  id: number;
  label: string;
}

const bySlug = new Map<string, AskShopTarget>(shops.map((s) => [s.slug, { id: s.id, label: s.label }]));

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
