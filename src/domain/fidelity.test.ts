import { describe, expect, it } from 'vitest';
import {
  maskFidelityCardNumber,
  FIDELITY_CARD_DIGITS,
  fidelityCardNumberFrom,
  hasValidLuhn,
  isPlausibleFidelityCardNumber,
  luhnCheckDigit,
  normalizeFidelityCardNumber,
} from './fidelity';

describe('fidelity card numbers', () => {
  it('computes the Luhn check digit (known vectors)', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(hasValidLuhn('79927398713')).toBe(true);
    expect(hasValidLuhn('4539578763621486')).toBe(true);
    expect(hasValidLuhn('79927398710')).toBe(false);
    expect(hasValidLuhn('7')).toBe(false);
    expect(hasValidLuhn('12a4')).toBe(false);
  });

  it('builds new numbers with their check digit', () => {
    const number = fidelityCardNumberFrom('453957876362148');
    expect(number).toBe('4539578763621486');
    expect(number).toHaveLength(FIDELITY_CARD_DIGITS);
    expect(() => fidelityCardNumberFrom('123')).toThrow(RangeError);
    expect(() => fidelityCardNumberFrom('45395787636214x')).toThrow(RangeError);
  });

  it('catches every single-digit typo and every swap of two different neighbours', () => {
    const good = fidelityCardNumberFrom('123456789012345');
    expect(isPlausibleFidelityCardNumber(good)).toBe(true);
    for (let i = 0; i < good.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === good[i]) continue;
        expect(isPlausibleFidelityCardNumber(good.slice(0, i) + d + good.slice(i + 1))).toBe(false);
      }
    }
    for (let i = 0; i < good.length - 1; i++) {
      const [a, b] = [good[i]!, good[i + 1]!];
      // Luhn's one blind spot is 09 ↔ 90.
      if (a === b || (a + b === '09' || a + b === '90')) continue;
      expect(isPlausibleFidelityCardNumber(good.slice(0, i) + b + a + good.slice(i + 2))).toBe(false);
    }
  });

  it('accepts typed groups and the legacy numbers, refuses anything else', () => {
    expect(normalizeFidelityCardNumber(' 4539 5787-6362 1486 ')).toBe('4539578763621486');
    expect(isPlausibleFidelityCardNumber('4539 5787 6362 1486')).toBe(true);
    expect(normalizeFidelityCardNumber(' fid-0001')).toBe('FID-0001');
    expect(isPlausibleFidelityCardNumber('FID-0001')).toBe(true);
    expect(isPlausibleFidelityCardNumber('FID-00011')).toBe(false);
    expect(isPlausibleFidelityCardNumber('45395787636214')).toBe(false);
    expect(isPlausibleFidelityCardNumber('abc')).toBe(false);
    expect(isPlausibleFidelityCardNumber('')).toBe(false);
  });
});

describe('maskFidelityCardNumber', () => {
  it('leaves only the last four characters readable', () => {
    expect(maskFidelityCardNumber('4539578763621486')).toBe('•••• 1486');
    expect(maskFidelityCardNumber('4539 5787 6362 1486')).toBe('•••• 1486');
    expect(maskFidelityCardNumber('FID-0001')).toBe('•••• 0001');
    expect(maskFidelityCardNumber('4539578763621486')).not.toContain('4539');
  });
});
