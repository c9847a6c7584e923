// The committed catalogue (seo-data/catalogue.json) and its schema: the file the API's seed and the
// static build both read must be whole, and the schema must refuse what would seed wrong prices.
import { describe, expect, it } from 'vitest';
import { CatalogueFileSchema, loadCatalogue, priceRows, type CatalogueFile } from '~seo-data/catalogue';
import { CATEGORY_SLUGS } from '~seo-data/schema';

const catalogue = loadCatalogue();
const copy = (): CatalogueFile => structuredClone(catalogue);
const messages = (file: unknown) => {
  const result = CatalogueFileSchema.safeParse(file);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('seo-data/catalogue.json', () => {
  it('is valid and lists gear for every sport of the site', () => {
    expect(Object.keys(catalogue.sports).sort()).toEqual([...CATEGORY_SLUGS].sort());
    expect(catalogue.addOns.map((a) => a.code)).toEqual(['CASCO', 'COPERTURA']);
  });

  it('lists a product’s rows in the order the seed inserts them: day tiers, morning, afternoon, season', () => {
    const premium = catalogue.sports.sci![0]!.products.find((p) => p.code === 'SCI-PREMIUM')!;
    expect(priceRows(premium.prices).map((r) => [r.key, r.amount])).toEqual([
      ['days:1', 38],
      ['days:2', 34],
      ['days:4', 30.5],
      ['days:7', 26.5],
      ['morning', 23],
      ['afternoon', 19],
      ['season', 456],
    ]);
  });
});

describe('CatalogueFileSchema', () => {
  it('refuses an add-on without a price for a tier a product has (it could not be offered with it)', () => {
    const file = copy();
    delete file.addOns[0]!.prices.season;
    expect(messages(file)).toEqual(expect.arrayContaining([expect.stringMatching(/no season price to go with/)]));
  });

  it('refuses overlapping day tiers, a product code used twice and amounts with fractions of cents', () => {
    const overlapping = copy();
    overlapping.sports.sci![0]!.products[0]!.prices.days[1]!.rentDaysFrom = 1;
    expect(messages(overlapping)).toContain('day tiers must ascend without overlapping');
    const twice = copy();
    twice.sports.snowboard![0]!.products[0]!.code = 'SCI-BASE';
    expect(messages(twice)).toContain('duplicate code SCI-BASE');
    const cents = copy();
    cents.sports.sci![0]!.products[0]!.prices.morning = 23.001;
    expect(messages(cents)).toContain('at most 2 decimals');
  });
});
