import { describe, expect, it } from 'vitest';
import { addOnFitsSport, type AddOnFit } from './add-ons';

const addOnsForSport = <T extends AddOnFit>(addOns: readonly T[], sport: string) => addOns.filter((a) => addOnFitsSport(a, sport));
import { loadCatalogue } from '~seo-data/catalogue';

const helmet = { code: 'CASCO', sports: ['sci', 'snowboard'] };
const cover = { code: 'COPERTURA', sports: ['sci', 'snowboard', 'ciaspole'] };

describe('add-ons by sport', () => {
  it('offers an add-on only with the sports it lists', () => {
    expect(addOnFitsSport(helmet, 'sci')).toBe(true);
    expect(addOnFitsSport(helmet, 'ciaspole')).toBe(false);
    expect(addOnsForSport([helmet, cover], 'ciaspole')).toEqual([cover]);
    expect(addOnsForSport([helmet, cover], 'snowboard')).toEqual([helmet, cover]);
    expect(addOnsForSport([helmet, cover], 'arrampicata')).toEqual([]);
  });

  it('the committed catalogue offers no helmet with snowshoes, the avalanche kit or climbing gear, and one with skis', () => {
    const { addOns } = loadCatalogue();
    const codes = (sport: string) => addOnsForSport(addOns, sport).map((a) => a.code);
    expect(codes('ciaspole')).not.toContain('CASCO');
    expect(codes('arrampicata')).not.toContain('CASCO');
    expect(codes('sci')).toContain('CASCO');
    expect(codes('snowboard')).toContain('CASCO');
  });
});
