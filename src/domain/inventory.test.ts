import { describe, expect, it } from 'vitest';
import {
  cashDeskOrderPath,
  countByStatus,
  filterExtras,
  inventoryQuery,
  isUnitStatus,
  mergeProductOptions,
  normalizeUnitCode,
  NO_FILTERS,
  openProblems,
  productUnitCode,
  productUnitPath,
  replaceUnit,
  unitStatusKey,
  unitsWithProblems,
  UNIT_CODE_MAX_LENGTH,
} from './inventory';

describe('a scanned or typed code', () => {
  it('is upper case without the spaces or tab a scanner may add', () => {
    expect(normalizeUnitCode('  s06-mtb-02\t')).toBe('S06-MTB-02');
    expect(normalizeUnitCode('S06 MTB 02')).toBe('S06MTB02');
    expect(normalizeUnitCode('   ')).toBe('');
    expect(normalizeUnitCode('x'.repeat(100))).toHaveLength(UNIT_CODE_MAX_LENGTH);
  });
});

describe('the products addresses', () => {
  it('names a unit after /totem/products/, or nothing for the lookup', () => {
    expect(productUnitCode('/totem/products')).toBeNull();
    expect(productUnitCode('/totem/products/')).toBeNull();
    expect(productUnitCode('/totem/products/s06-mtb-02')).toBe('S06-MTB-02');
    expect(productUnitCode('/totem/products/S06-MTB-02/')).toBe('S06-MTB-02');
    expect(productUnitCode('/totem/products/%20')).toBeNull();
    expect(productUnitCode('/totem/products/%E0%A4%A')).toBeNull();
    expect(productUnitCode('/totem/products/a/b')).toBeNull();
    expect(productUnitCode('/totem/inventory')).toBeNull();
  });

  it('builds a unit page and a cash-desk order address (by uuid when given, else by id)', () => {
    expect(productUnitPath('S06-MTB-02')).toBe('/totem/products/S06-MTB-02');
    expect(productUnitPath('A/B')).toBe('/totem/products/A%2FB');
    expect(productUnitCode(productUnitPath('A B'))).toBe('AB');
    expect(cashDeskOrderPath({ order_id: 42 })).toBe('/totem/cash-desk/42');
    expect(cashDeskOrderPath({ order_id: 42, order_uuid: 'f4c1e0de-0000-4000-8000-000000000001' })).toBe('/totem/cash-desk/f4c1e0de-0000-4000-8000-000000000001');
  });
});

describe('the inventory filters', () => {
  it('become the list query, leaving out what is not picked', () => {
    expect(inventoryQuery(NO_FILTERS)).toEqual({});
    expect(inventoryQuery({ status: 'locked', productId: 7, q: '  S06-MTB ', extra: false })).toEqual({ status: 'locked', product_id: 7, q: 'S06-MTB' });
    expect(inventoryQuery({ ...NO_FILTERS, q: 'x'.repeat(80) }).q).toHaveLength(UNIT_CODE_MAX_LENGTH);
  });

  it('know the states and their labels', () => {
    expect(isUnitStatus('out')).toBe(true);
    expect(isUnitStatus('lost')).toBe(false);
    expect(isUnitStatus('')).toBe(false);
    expect(unitStatusKey('locked')).toBe('kiosk.inventory.statuses.locked');
  });

  it('keep every product seen, by label, and never lose one to a filtered answer', () => {
    const bike = { product: { id: 2, label: 'Bici da città' } };
    const mtb = { product: { id: 1, label: 'Mountain bike' } };
    const first = mergeProductOptions([], [mtb, bike, bike]);
    expect(first).toEqual([
      { id: 2, label: 'Bici da città' },
      { id: 1, label: 'Mountain bike' },
    ]);
    expect(mergeProductOptions(first, [mtb])).toEqual(first);
    expect(mergeProductOptions([{ id: 5, label: 'Bici da città' }], [bike]).map((p) => p.id)).toEqual([2, 5]);
  });
});

describe('the lists', () => {
  it('count units per state', () => {
    expect(countByStatus([])).toEqual({ available: 0, out: 0, locked: 0 });
    expect(countByStatus([{ status: 'out' }, { status: 'available' }, { status: 'out' }])).toEqual({ available: 1, out: 2, locked: 0 });
  });

  it('search extras by code or model', () => {
    const extras = [
      { internal_code: 'S06-CASCO-01', product_model: 'Uvex' },
      { internal_code: 'S06-MTB-02', product_model: 'Scott Aspect' },
    ];
    expect(filterExtras(extras, '')).toEqual(extras);
    expect(filterExtras(extras, ' mtb ')).toEqual([extras[1]]);
    expect(filterExtras(extras, 'uvex')).toEqual([extras[0]]);
    expect(filterExtras(extras, 'none')).toEqual([]);
  });

  it('replace one unit in place, keep only open problems, and pick the locked units', () => {
    const units = [
      { id: 1, locked: false },
      { id: 2, locked: true },
    ];
    expect(replaceUnit(units, { id: 2, locked: false })).toEqual([
      { id: 1, locked: false },
      { id: 2, locked: false },
    ]);
    expect(replaceUnit(units, { id: 3, locked: true })).toEqual(units);
    expect(unitsWithProblems(units)).toEqual([{ id: 2, locked: true }]);
    expect(openProblems([{ resolved_at: null }, { resolved_at: '2026-11-20T10:00:00Z' }])).toEqual([{ resolved_at: null }]);
  });
});
