// Catalogue shaping of spec §5: which categories and locations are shown, and how.
import type { Category, Product, Site, Sport } from '../api/contract/catalogue';

/**
 * Top-level categories are the groups a shop shows with their children; a group without children
 * has nothing to show and is dropped. Deeper levels are left alone: a category without children
 * there is a leaf (what products belong to), and it cannot be told apart from an empty sub-group,
 * so applying the rule at every depth would empty the tree.
 */
export function visibleCategories(categories: readonly Category[]): Category[] {
  return categories.filter((c) => c.children.length > 0);
}

/** Every category of the tree, depth first. */
export function flattenCategories(categories: readonly Category[]): Category[] {
  return categories.flatMap((c) => [c, ...flattenCategories(c.children)]);
}

/** True if any of the product's categories (found anywhere in the tree) requires customer info. */
export function productRequiresCustomerInfo(
  product: Pick<Product, 'categories'>,
  categories: readonly Category[],
): boolean {
  const ids = new Set(product.categories);
  return flattenCategories(categories).some((c) => ids.has(c.id) && c.require_customer_info);
}

/** Products with require_customer_info derived from their categories. */
export function withCustomerInfoFlags<T extends Pick<Product, 'categories' | 'require_customer_info'>>(
  products: readonly T[],
  categories: readonly Category[],
): T[] {
  return products.map((p) => ({ ...p, require_customer_info: productRequiresCustomerInfo(p, categories) }));
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
