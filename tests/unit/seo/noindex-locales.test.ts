// src/seo/noindex.mjs (plain JS, read by astro.config.mjs for the sitemap and by the layout for the
// robots meta) strips the locale prefix with the domain's splitLocale: every language's copy of a
// noindex page is noindex, and a path that only starts like a locale is not mistaken for one.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '~/domain/locales';
import { localizePath } from '~/domain/locale-path';
import { isNoindexUrlPath } from '~/seo/noindex.mjs';

describe('isNoindexUrlPath in every language', () => {
  it.each(LOCALES)('%s: the account, order, forwarding, calendar and checkout pages are noindex, the town, shop and booking pages are not', (locale) => {
    for (const path of ['/orders/', '/orders/view/', '/user/signup/', '/prenota/', '/404/', '/prenota/sport-noleggio-sestriere/calendar/', '/prenota/sport-noleggio-sestriere/order', '/prenota/calendar/'])
      expect(isNoindexUrlPath(localizePath(locale, path)), path).toBe(true);
    for (const path of ['/', '/noleggi/sestriere/', '/sci/sestriere/', '/noleggio/sport-noleggio-sestriere/', '/prenota/sport-noleggio-sestriere/'])
      expect(isNoindexUrlPath(localizePath(locale, path)), path).toBe(false);
  });

  it.each(LOCALES)('%s: a town×sport page with no shop in or near the town is noindex, one with a shop only nearby is not', (locale) => {
    // Schia Monte Caio: the nearest ski shop is ~186 km away; Viola St. Grèè: Prato Nevoso at ~14 km.
    expect(isNoindexUrlPath(localizePath(locale, '/sci/schia-monte-caio/'))).toBe(true);
    expect(isNoindexUrlPath(localizePath(locale, '/sci/viola-st-gree/'))).toBe(false);
    // The town's other pages stay indexable.
    expect(isNoindexUrlPath(localizePath(locale, '/noleggi/schia-monte-caio/'))).toBe(false);
  });

  it('only a booking step of a shop is a step: a shop page named like one, or a deeper path, is not', () => {
    expect(isNoindexUrlPath('/noleggio/calendar/')).toBe(false);
    expect(isNoindexUrlPath('/prenota/sport-noleggio-sestriere/calendar/extra/')).toBe(false);
  });

  it('a first segment that only starts like a locale is a path of its own', () => {
    expect(isNoindexUrlPath('/english/orders/')).toBe(false);
    expect(isNoindexUrlPath('/fresh/user/')).toBe(false);
  });
});
