import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES, PREFIXED_LOCALES } from './locales';
import { localizePath, splitLocale } from './locale-path';

describe('a locale in a URL path', () => {
  it('every locale but the default is a prefix; the default has none', () => {
    expect(PREFIXED_LOCALES).toEqual(LOCALES.filter((l) => l !== DEFAULT_LOCALE));
    for (const locale of PREFIXED_LOCALES) {
      expect(splitLocale(`/${locale}/noleggi/sestriere/`)).toEqual({ locale, path: '/noleggi/sestriere/' });
      expect(splitLocale(`/${locale}`)).toEqual({ locale, path: '/' });
    }
    expect(splitLocale(`/${DEFAULT_LOCALE}/noleggi`)).toEqual({ locale: DEFAULT_LOCALE, path: `/${DEFAULT_LOCALE}/noleggi` });
  });

  it.each([
    ['/', 'it', '/'],
    ['', 'it', '/'],
    ['/english/orders', 'it', '/english/orders'],
    ['/fresh', 'it', '/fresh'],
    ['/frx/', 'it', '/frx/'],
    ['/en/', 'en', '/'],
  ])('splitLocale(%j) → %s %s', (pathname, locale, path) => {
    expect(splitLocale(pathname)).toEqual({ locale, path });
  });

  it('localizePath writes back what splitLocale reads', () => {
    for (const locale of LOCALES) {
      for (const path of ['/', '/orders/view/', '/noleggi/sestriere']) expect(splitLocale(localizePath(locale, path))).toEqual({ locale, path });
    }
  });
});
