import { describe, expect, it } from 'vitest';
import { acceptedLanguages, rootLanguageDecision } from './root-language';

const CHROME = 'Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0 Mobile Safari/537.36';

describe('rootLanguageDecision', () => {
  it.each([
    [{ cookie: null, languages: ['en-GB', 'it'] }, { redirectTo: '/en/', setCookie: 'en' }],
    [{ cookie: null, languages: ['fr-FR'] }, { redirectTo: '/fr/', setCookie: 'fr' }],
    [{ cookie: null, languages: ['it-IT', 'en'] }, { redirectTo: null, setCookie: 'it' }],
    [{ cookie: null, languages: ['de-DE'] }, { redirectTo: null, setCookie: 'it' }],
    [{ cookie: null, languages: [] }, { redirectTo: null, setCookie: 'it' }],
    [{ cookie: 'en', languages: ['it-IT'] }, { redirectTo: '/en/', setCookie: null }],
    [{ cookie: 'fr', languages: ['en'] }, { redirectTo: '/fr/', setCookie: null }],
    [{ cookie: 'it', languages: ['en'] }, { redirectTo: null, setCookie: null }],
  ] as const)('%j → %j', (visit, expected) => {
    expect(rootLanguageDecision({ ...visit, userAgent: CHROME })).toEqual(expected);
  });

  it('never moves a crawler', () => {
    for (const ua of ['Mozilla/5.0 (compatible; Googlebot/2.1)', 'Mozilla/5.0 (compatible; bingbot/2.0)', 'facebookexternalhit/1.1']) {
      expect(rootLanguageDecision({ cookie: 'en', languages: ['en'], userAgent: ua })).toEqual({ redirectTo: null, setCookie: null });
    }
  });
});

describe('acceptedLanguages', () => {
  it.each([
    ['en-GB,en;q=0.9,it;q=0.8', ['en-GB', 'en', 'it']],
    ['it;q=0.5, fr', ['fr', 'it']],
    ['fr;q=0, en', ['en']],
    ['*', []],
    ['', []],
    [null, []],
  ])('%s → %j', (header, expected) => {
    expect(acceptedLanguages(header)).toEqual(expected);
  });
});
