import { locales, defaultLocale, type Locale } from './index';

/**
 * `getStaticPaths` entries for a page that exists once per locale, when the page lives under
 * `src/pages/[...lang]/`: the Italian page has no prefix (lang undefined), the others `/en`, `/fr`.
 */
export function localeStaticPaths<P extends Record<string, string | undefined> = Record<string, never>>(
  extra: P[] = [{} as P],
): { params: P & { lang: string | undefined }; props: { locale: Locale } }[] {
  return locales.flatMap((locale) =>
    extra.map((params) => ({
      params: { ...params, lang: locale === defaultLocale ? undefined : locale },
      props: { locale },
    })),
  );
}

/**
 * `getStaticPaths` of a page that exists once per locale and has no other parameter; the page
 * re-exports it: `export { eachLocale as getStaticPaths } from '~/i18n/paths';`.
 */
export function eachLocale(): ReturnType<typeof localeStaticPaths> {
  return localeStaticPaths();
}
