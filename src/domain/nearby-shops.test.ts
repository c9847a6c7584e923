import { describe, expect, it } from 'vitest';
import { NEARBY_SHOP_MAX_KM, nearbyShops, townSportHasShop } from './nearby-shops';

// One degree of latitude is 111.2 km on the mean Earth sphere.
const KM_PER_DEG = (Math.PI * 6371.0088) / 180;
const town = { slug: 'centro', lat: 45, lon: 7 };
/** A shop `km` north of the town. */
const north = (slug: string, km: number, sports: string[] = ['sci'], shopTown = slug) => ({
  slug,
  town: shopTown,
  sports,
  lat: town.lat + km / KM_PER_DEG,
  lon: town.lon,
});

describe('the distance (great circle)', () => {
  const shop = (lat: number, lon: number) => ({ slug: 's', town: 't', sports: ['sci'], lat, lon });
  const km = (from: { lat: number; lon: number }, lat: number, lon: number) => nearbyShops({ slug: 'x', ...from }, 'sci', [shop(lat, lon)])[0]?.km;

  it('is zero at the town itself and the same both ways', () => {
    expect(km(town, town.lat, town.lon)).toBe(0);
    expect(km(town, 45.2, 7.3)).toBeCloseTo(km({ lat: 45.2, lon: 7.3 }, town.lat, town.lon)!, 9);
  });

  it('matches known distances: Turin–Chieri 12.4 km, half a degree of longitude at 45° N 39.3 km', () => {
    expect(km({ lat: 45.0703, lon: 7.6869 }, 45.0126, 7.8225)).toBeCloseTo(12.44, 1);
    expect(km({ lat: 45, lon: 7 }, 45, 7.5)).toBeCloseTo(39.31, 1);
  });
});

describe('nearbyShops', () => {
  it('lists the shops of other towns renting the sport within the cap, nearest first, with their distance', () => {
    const shops = [north('far', NEARBY_SHOP_MAX_KM + 1), north('b', 30), north('a', 12), north('bikes', 5, ['biciclette'])];
    const found = nearbyShops(town, 'sci', shops);
    expect(found.map((n) => n.shop.slug)).toEqual(['a', 'b']);
    expect(found[0]!.km).toBeCloseTo(12, 6);
    expect(found[1]!.km).toBeCloseTo(30, 6);
  });

  it('keeps a shop right at the cap and leaves out the town’s own shops', () => {
    const shops = [north('edge', NEARBY_SHOP_MAX_KM - 0.001), north('own', 0, ['sci'], 'centro')];
    expect(nearbyShops(town, 'sci', shops).map((n) => n.shop.slug)).toEqual(['edge']);
  });

  it('orders shops at the same distance by slug', () => {
    expect(nearbyShops(town, 'sci', [north('z', 10), north('m', 10)]).map((n) => n.shop.slug)).toEqual(['m', 'z']);
  });
});

describe('townSportHasShop', () => {
  it('is true with a shop in the town or one nearby, false with only far or other-sport shops', () => {
    expect(townSportHasShop(town, 'sci', [north('own', 0, ['sci'], 'centro')])).toBe(true);
    expect(townSportHasShop(town, 'sci', [north('near', 20)])).toBe(true);
    expect(townSportHasShop(town, 'sci', [north('far', NEARBY_SHOP_MAX_KM + 5), north('bikes', 1, ['biciclette'])])).toBe(false);
    expect(townSportHasShop(town, 'sci', [])).toBe(false);
  });
});
