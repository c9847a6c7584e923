import { describe, expect, it } from 'vitest';
import { CategorySchema, SiteSchema, type Category } from '../api/contract/catalogue';
import {
  locationSites,
  locationText,
  requiresCustomerInfo,
  siteSports,
  uniqueSports,
  visibleCategories,
} from './catalogue';

const cat = (id: number, children: Category[] = [], require_customer_info = false): Category =>
  CategorySchema.parse({ id, children, require_customer_info });

describe('visibleCategories', () => {
  it('drops top-level categories without children', () => {
    const tree = [cat(1, [cat(11), cat(12)]), cat(2), cat(3, [cat(31)])];
    expect(visibleCategories(tree).map((c) => c.id)).toEqual([1, 3]);
  });

  it('keeps leaves and nested children as they are', () => {
    const tree = [cat(1, [cat(11), cat(12, [cat(121)])]), cat(2, [cat(21, [])]), cat(3, [])];
    const visible = visibleCategories(tree);
    expect(visible.map((c) => c.id)).toEqual([1, 2]);
    expect(visible[0].children.map((c) => c.id)).toEqual([11, 12]);
    expect(visible[0].children[1].children.map((c) => c.id)).toEqual([121]);
    expect(visible[1].children.map((c) => c.id)).toEqual([21]);
    expect(visibleCategories([])).toEqual([]);
  });

  it('does not mutate the input', () => {
    const tree = [cat(1, [cat(11)]), cat(2)];
    visibleCategories(tree);
    expect(tree).toHaveLength(2);
  });
});

describe('requiresCustomerInfo', () => {
  // The API's categories (every level of the tree 1 > 11, 12; 2 > 21), each with its own flag.
  const categories = [
    { id: 1, requireCustomerInfo: false },
    { id: 11, requireCustomerInfo: true },
    { id: 12, requireCustomerInfo: false },
    { id: 2, requireCustomerInfo: true },
    { id: 21, requireCustomerInfo: false },
  ];

  it.each([
    [[11], true], // its category requires it
    [[12], false],
    [[12, 11], true], // any of its categories
    [[2], true], // a top-level category
    [[21], false], // a child does not inherit the parent's flag
    [[], false],
    [[99], false],
  ])('categories %j → %s', (productCategories, expected) => {
    expect(requiresCustomerInfo(productCategories, categories)).toBe(expected);
  });
});

describe('locations', () => {
  const ski = { id: 1, name: 'Sci', slug: 'sci' };
  const bike = { id: 2, name: 'Bici', slug: 'biciclette' };
  const shop = (id: number, sports: (typeof ski)[]) => ({ id, slug: `s${id}`, label: `S${id}`, sports });
  const sites = [
    SiteSchema.parse({ slug: 'sestriere', label: 'Sestriere', region: 'Piemonte', shops: [shop(1, [ski]), shop(2, [ski, bike])] }),
    SiteSchema.parse({ slug: 'vuoto', label: 'Vuoto', region: 'Liguria', shops: [shop(3, [])] }),
    SiteSchema.parse({ slug: 'nessuno', label: 'Nessuno', region: 'Liguria', shops: [] }),
    SiteSchema.parse({ slug: 'sanremo', label: 'Sanremo', region: 'Liguria', shops: [shop(4, [bike])] }),
  ];

  it('drops sites without sports', () => {
    expect(locationSites(sites).map((s) => s.slug)).toEqual(['sestriere', 'sanremo']);
  });

  it('de-duplicates sports by id', () => {
    expect(siteSports(sites[0]).map((s) => s.id)).toEqual([1, 2]);
    expect(uniqueSports([ski, bike, { ...ski, name: 'Sci 2' }, bike])).toEqual([ski, bike]);
  });

  it.each([
    [{ label: 'Sestriere', region: 'Piemonte' }, 'Sestriere, Piemonte'],
    [{ label: "Sauze d'Oulx", region: 'Piemonte' }, "Sauze d'Oulx, Piemonte"],
  ])('locationText(%j) = %s', (site, expected) => {
    expect(locationText(site)).toBe(expected);
  });
});
