import { describe, expect, it } from 'vitest';
import { shopLocale } from './shop-locale';

describe('shopLocale', () => {
  it('French for a shop in France, Italian otherwise (the default)', () => {
    expect(shopLocale('France')).toBe('fr');
    expect(shopLocale(' francia ')).toBe('fr');
    expect(shopLocale('Italia')).toBe('it');
    expect(shopLocale('')).toBe('it');
    expect(shopLocale(null)).toBe('it');
  });
});
