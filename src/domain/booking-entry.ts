// The "Prenota" entry of a static page: a shop's calendar with one category chosen,
// then its booking page scrolled to that category. One path builder and one parser, so the static
// pages, the calendar and the booking island agree on the parameter.

/** Query parameter carrying the category (a sport slug such as 'sci') into the booking flow. */
export const CATEGORY_PARAM = 'category';

/** Query parameters carrying chosen days ('YYYY-MM-DD') into the booking flow: `to` absent for one day. */
export const FROM_PARAM = 'from';
export const TO_PARAM = 'to';

/** Chosen days a search carries: `to` empty or missing for a single day. */
export interface CarriedDates {
  from?: string | null;
  to?: string | null;
}

/**
 * A path with the chosen days added to its query (none without a first day; `to` only when it is
 * another day), keeping what the query already has.
 */
export function withDates(path: string, dates: CarriedDates): string {
  if (!dates.from) return path;
  const [base, query = ''] = path.split('?') as [string, string?];
  const params = new URLSearchParams(query);
  params.set(FROM_PARAM, dates.from);
  if (dates.to && dates.to !== dates.from) params.set(TO_PARAM, dates.to);
  else params.delete(TO_PARAM);
  return `${base}?${params.toString()}`;
}

/**
 * The days a query carries as written ('YYYY-MM-DD'-shaped, checked no further: the calendar reads
 * them with `datesFromSearch`), for passing them on to the next page's links; null without `from`.
 */
export function carriedDates(search: string): CarriedDates | null {
  const params = new URLSearchParams(search);
  const shaped = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);
  const from = shaped(params.get(FROM_PARAM));
  return from ? { from, to: shaped(params.get(TO_PARAM)) } : null;
}

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
