import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  it.each([
    ["Sauze d'Oulx", 'sauze-d-oulx'],
    ['Viola St. Grèè', 'viola-st-gree'],
    ['Mondovì', 'mondovi'],
    ['Champoluc-Ayas', 'champoluc-ayas'],
    ['Arma di Taggia', 'arma-di-taggia'],
    ['Borgo San Dalmazzo', 'borgo-san-dalmazzo'],
    ['Montgenevre', 'montgenevre'],
    ['Montgenèvre', 'montgenevre'],
    ['Schia Monte Caio', 'schia-monte-caio'],
    ['San Lorenzo al Mare', 'san-lorenzo-al-mare'],
    ['  --Prato   Nevoso--  ', 'prato-nevoso'],
    ['Sci alpinismo', 'sci-alpinismo'],
    ['Noleggio 2000 & Co.', 'noleggio-2000-co'],
    ['ÀÉÎÕÜ ç ñ', 'aeiou-c-n'],
    ['Straße', 'stra-e'], // ß does not decompose: outside [a-z0-9]
    ['already-a-slug', 'already-a-slug'],
    ['', ''],
    ['---', ''],
  ])('%j → %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('is idempotent', () => {
    expect(slugify(slugify("Sauze d'Oulx"))).toBe('sauze-d-oulx');
  });
});

// The SEO data is keyed by these slugs; both sides must agree on every town of the spec.
const TOWNS = fileURLToPath(new URL('../../seo-data/towns.json', import.meta.url));
describe.skipIf(!existsSync(TOWNS))('slugify agrees with seo-data/towns.json', () => {
  it('gives each town its slug', () => {
    const towns = JSON.parse(readFileSync(TOWNS, 'utf8')) as { label: string; slug: string }[];
    expect(towns.length).toBeGreaterThanOrEqual(20);
    expect(towns.map((t) => slugify(t.label))).toEqual(towns.map((t) => t.slug));
  });
});
