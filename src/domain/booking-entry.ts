// The "Prenota" entry of a static page: a shop's calendar with one category chosen,
// then its booking page scrolled to that category. One path builder and one parser, so the static
// pages, the calendar and the booking island agree on the parameter.

/** Query parameter carrying the category (a sport slug such as 'sci') into the booking flow. */
export const CATEGORY_PARAM = 'category';

/** Path (without locale prefix) of a shop's calendar opened for a category. */
export function bookingEntryPath(shopSlug: string, categorySlug?: string): string {
  const query = categorySlug ? `?${CATEGORY_PARAM}=${encodeURIComponent(categorySlug)}` : '';
  return `/prenota/${shopSlug}/calendar/${query}`;
}

/** Path (without locale prefix) of a shop's booking page, scrolled to a category when given. */
export function bookingPagePath(shopSlug: string, categorySlug?: string | null): string {
  const query = categorySlug ? `?${CATEGORY_PARAM}=${encodeURIComponent(categorySlug)}` : '';
  return `/prenota/${shopSlug}/${query}`;
}

/** The category slug a URL's query carries, if it is a slug at all. */
export function categoryFromSearch(search: string): string | null {
  const value = new URLSearchParams(search).get(CATEGORY_PARAM);
  return value && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) ? value : null;
}

/** Minimal category shape (the API's Category fits it). */
export interface CategoryNode {
  id: number;
  slug?: string | null;
  children: readonly CategoryNode[];
}

/**
 * The category a slug names among the shop's categories (a root such as 'sci', or a child such as
 * 'sci-junior'), with the ids of every category whose products belong to it (itself and its
 * children); null when the shop has no such category.
 */
export function categoryForSlug(categories: readonly CategoryNode[], slug: string | null | undefined): { id: number; ids: number[] } | null {
  if (!slug) return null;
  const visit = (list: readonly CategoryNode[]): { id: number; ids: number[] } | null => {
    for (const category of list) {
      if (category.slug === slug) return { id: category.id, ids: [category.id, ...category.children.flatMap(descendantIds)] };
      const inner = visit(category.children);
      if (inner) return inner;
    }
    return null;
  };
  return visit(categories);
}

function descendantIds(category: CategoryNode): number[] {
  return [category.id, ...category.children.flatMap(descendantIds)];
}
