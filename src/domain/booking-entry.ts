// The "Prenota" entry of a static page (issue #16): a shop's calendar with one category chosen,
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
