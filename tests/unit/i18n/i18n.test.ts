import { describe, expect, it } from 'vitest';
import it_ from '~i18n/it.json';
import en from '~i18n/en.json';
import fr from '~i18n/fr.json';
import { localizePath, splitLocale, contentLanguage, toLocale } from '~/i18n/index';
import { createT } from '~/i18n/i18next';
import { getT } from '~/i18n/server';
import { LOCALES, PREFIXED_LOCALES } from '~/domain/locales';

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('translation files', () => {
  const files = { it: it_, en, fr } as Record<string, Record<string, unknown>>;
  const reference = keys(it_).sort();

  it.each(PREFIXED_LOCALES)('%s.json has exactly the keys of it.json', (locale) => {
    expect(keys(files[locale]!).sort()).toEqual(reference);
  });

  it.each(LOCALES)('%s.json has no empty strings', (locale) => {
    const flat = keys(files[locale]!);
    for (const key of flat) {
      const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], files[locale]);
      expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
    }
  });
});

describe('t', () => {
  it('translates per locale and interpolates', () => {
    expect(getT('it')('validators.minLength', { length: 3 })).toBe('Inserisci almeno 3 caratteri');
    expect(getT('en')('validators.minLength', { length: 3 })).toBe('Enter at least 3 characters');
    expect(getT('fr')('dates.seasonal')).toBe('Saisonnier');
  });

  it('falls back to Italian for an unknown locale', () => {
    expect(getT(undefined)('dates.seasonal')).toBe('Stagionale');
    expect(getT('de')('dates.seasonal')).toBe('Stagionale');
  });

  it('uses plural forms', () => {
    const t = createT('it', it_);
    expect(t('dates.range', { from: 'a', to: 'b', count: 1 })).toBe('Dal a al b (1 giorno)');
    expect(t('dates.range', { from: 'a', to: 'b', count: 3 })).toBe('Dal a al b (3 giorni)');
  });
});

describe('locale paths', () => {
  it.each([
    ['it', '/', '/'],
    ['en', '/', '/en/'],
    ['fr', '/noleggi/sestriere', '/fr/noleggi/sestriere'],
    ['it', 'sci', '/sci'],
  ] as const)('localizePath(%s, %s) = %s', (locale, path, expected) => {
    expect(localizePath(locale, path)).toBe(expected);
  });

  it.each([
    ['/', 'it', '/'],
    ['/en', 'en', '/'],
    ['/en/sci', 'en', '/sci'],
    ['/fr/', 'fr', '/'],
    ['/english', 'it', '/english'],
  ])('splitLocale(%s)', (pathname, locale, path) => {
    expect(splitLocale(pathname)).toEqual({ locale, path });
  });

  it('maps locales to the API Content-Language', () => {
    expect(contentLanguage).toEqual({ it: 'it_IT', fr: 'fr_FR', en: 'en_GB' });
    expect(toLocale('xx')).toBe('it');
  });
});
