import { describe, expect, it } from 'vitest';
import { matchTown, nearestTown, NEAR_ME_MAX_KM, searchTarget, searchTargets, townKey } from './home-search';

const towns = [
  { slug: 'sestriere', label: 'Sestriere', sports: ['sci', 'ciaspole', 'biciclette'] },
  { slug: 'viola-st-gree', label: 'Viola St. Grèè', sports: ['sci'] },
  { slug: 'sanremo', label: 'Sanremo', sports: ['biciclette'] },
];
const shops = [
  { slug: 'sport-sestriere', town: 'sestriere', sports: ['sci', 'ciaspole'] },
  { slug: 'alpin-sestriere', town: 'sestriere', sports: ['ciaspole', 'biciclette'] },
  { slug: 'bike-sanremo', town: 'sanremo', sports: ['biciclette'] },
];

describe('searchTarget', () => {
  it('one shop of the town rents the sport: its calendar for that sport', () => {
    expect(searchTarget(towns[0]!, 'sci', shops)).toBe('/prenota/sport-sestriere/calendar/?category=sci');
    expect(searchTarget(towns[2]!, 'biciclette', shops)).toBe('/prenota/bike-sanremo/calendar/?category=biciclette');
  });

  it('several shops, or none in a town that lists the sport: the town×sport page', () => {
    expect(searchTarget(towns[0]!, 'ciaspole', shops)).toBe('/ciaspole/sestriere/');
    expect(searchTarget(towns[1]!, 'sci', shops)).toBe('/sci/viola-st-gree/');
  });

  it('a sport the town does not list: the town page', () => {
    expect(searchTarget(towns[2]!, 'sci', shops)).toBe('/noleggi/sanremo/');
  });

  it('searchTargets answers every town and sport', () => {
    const all = searchTargets(towns, ['sci', 'biciclette'], shops);
    expect(Object.keys(all)).toEqual(['sestriere', 'viola-st-gree', 'sanremo']);
    expect(all.sestriere).toEqual({ sci: '/prenota/sport-sestriere/calendar/?category=sci', biciclette: '/prenota/alpin-sestriere/calendar/?category=biciclette' });
  });
});

describe('matchTown', () => {
  it('finds a town by its label or slug, whatever the case, accents and spacing', () => {
    expect(matchTown('Viola St. Grèè', towns)?.slug).toBe('viola-st-gree');
    expect(matchTown('  viola st gree ', towns)?.slug).toBe('viola-st-gree');
    expect(matchTown('viola-st-gree', towns)?.slug).toBe('viola-st-gree');
    expect(matchTown('SESTRIERE', towns)?.slug).toBe('sestriere');
  });

  it('finds nothing for another name or an empty text', () => {
    expect(matchTown('Sestri', towns)).toBeNull();
    expect(matchTown('   ', towns)).toBeNull();
    expect(townKey("Sauze d'Oulx")).toBe('sauze d oulx');
  });
});

describe('nearestTown', () => {
  const placed = [
    { slug: 'sestriere', lat: 44.9577, lon: 6.8795 },
    { slug: 'sanremo', lat: 43.8159, lon: 7.7761 },
  ];

  it('picks the nearest town to the device', () => {
    // Cesana Torinese, 10 km from Sestriere.
    expect(nearestTown({ lat: 44.9526, lon: 6.7928 }, placed)?.slug).toBe('sestriere');
    // Ventimiglia, 15 km from Sanremo.
    expect(nearestTown({ lat: 43.7903, lon: 7.6083 }, placed)?.slug).toBe('sanremo');
  });

  it('is null far from every town (Milan is well beyond the cap)', () => {
    expect(NEAR_ME_MAX_KM).toBeLessThan(150);
    expect(nearestTown({ lat: 45.4642, lon: 9.19 }, placed)).toBeNull();
    expect(nearestTown({ lat: 44.9, lon: 6.8 }, [])).toBeNull();
  });
});
