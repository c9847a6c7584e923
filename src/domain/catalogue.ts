// Catalogue shaping of spec §5: which categories and locations are shown, and how.
import type { Category, Site, Sport } from '../api/contract/catalogue';

/**
 * Top-level categories are the groups a shop shows with their children; a group without children
 * has nothing to show and is dropped. Deeper levels are left alone: a category without children
 * there is a leaf (what products belong to), and it cannot be told apart from an empty sub-group,
 * so applying the rule at every depth would empty the tree.
 */
export function visibleCategories(categories: readonly Category[]): Category[] {
  return categories.filter((c) => c.children.length > 0);
}

/**
 * Whether an item needs the details of the person it is for (spec §3 cart customer): when any of
 * its product's own categories asks for them; a child category does not inherit its parent's flag.
 * The API applies it to its catalogue rows (the shop answer's require_customer_info, the order's
 * 422 on missing details).
 */
export function requiresCustomerInfo(
  productCategoryIds: readonly number[],
  categories: readonly { id: number; requireCustomerInfo: boolean }[],
): boolean {
  return categories.some((c) => c.requireCustomerInfo && productCategoryIds.includes(c.id));
}

/** Sports offered across a site's shops, de-duplicated by id, first occurrence kept. */
export function siteSports(site: Pick<Site, 'shops'>): Sport[] {
  return uniqueSports(site.shops.flatMap((shop) => shop.sports));
}

export function uniqueSports(sports: readonly Sport[]): Sport[] {
  const seen = new Set<number>();
  return sports.filter((s) => !seen.has(s.id) && seen.add(s.id) !== undefined);
}

/** Locations list: sites without any sport are dropped. */
export function locationSites<T extends Pick<Site, 'shops'>>(sites: readonly T[]): T[] {
  return sites.filter((site) => siteSports(site).length > 0);
}

/** "label, region". */
export function locationText(site: Pick<Site, 'label' | 'region'>): string {
  return `${site.label}, ${site.region}`;
}
