import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES, PREFIXED_LOCALES } from './locales';
import { localizePath, sameAddressIn, splitLocale } from './locale-path';

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

describe('the same address in another language', () => {
  it.each([
    ['/orders/0b9f3c52-1111-4222-8333-444455556666', '', '', 'en', '/en/orders/0b9f3c52-1111-4222-8333-444455556666'],
    ['/en/orders/view/', '?order=abc', '#lines', 'fr', '/fr/orders/view/?order=abc#lines'],
    ['/fr/orders/confirmed/', '?order=abc', '', 'it', '/orders/confirmed/?order=abc'],
    ['/en', '', '', 'it', '/'],
    ['/', '?ref=HOTEL42&framed', '', 'fr', '/fr/?ref=HOTEL42&framed'],
  ] as const)('%s%s%s in %s → %s', (pathname, search, hash, locale, expected) => {
    expect(sameAddressIn(locale, { pathname, search, hash })).toBe(expected);
  });

  it('a missing query or hash adds nothing', () => {
    expect(sameAddressIn('en', { pathname: '/noleggi/sestriere/' })).toBe('/en/noleggi/sestriere/');
  });
});
