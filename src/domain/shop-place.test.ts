import { describe, expect, it } from 'vitest';
import { shopAddressLine, shopMapUrl } from './shop-place';

const SESTRIERE = { label: 'Sport Noleggio Sestriere', address: 'Via Louset 14', postalCode: '10058', city: 'Sestriere', country: 'Italia' };

describe("a shop's place", () => {
  it('reads its address on one line, leaving out what is missing', () => {
    expect(shopAddressLine(SESTRIERE)).toBe('Via Louset 14, 10058 Sestriere');
    expect(shopAddressLine({ ...SESTRIERE, postalCode: null })).toBe('Via Louset 14, Sestriere');
    expect(shopAddressLine({ ...SESTRIERE, address: ' ', postalCode: '', city: '' })).toBe('');
  });

  it('links OpenStreetMap on its pin when its coordinates are known', () => {
    expect(shopMapUrl({ ...SESTRIERE, lat: 44.9574, lon: 6.8801 })).toBe('https://www.openstreetmap.org/?mlat=44.9574&mlon=6.8801#map=17/44.9574/6.8801');
  });

  it('searches its name and address on Google Maps without coordinates (or with impossible ones)', () => {
    const search = 'https://www.google.com/maps/search/?api=1&query=Sport%20Noleggio%20Sestriere%2C%20Via%20Louset%2014%2C%2010058%20Sestriere%2C%20Italia';
    expect(shopMapUrl(SESTRIERE)).toBe(search);
    expect(shopMapUrl({ ...SESTRIERE, lat: 44.9, lon: null })).toBe(search);
    expect(shopMapUrl({ ...SESTRIERE, lat: 120, lon: 6.8 })).toBe(search);
    expect(new URL(shopMapUrl({ ...SESTRIERE, label: 'A & B' })!).searchParams.get('query')).toBe('A & B, Via Louset 14, 10058 Sestriere, Italia');
  });

  it('has no map for a shop with no address nor coordinates', () => {
    expect(shopMapUrl({ label: 'X', address: '', city: '' })).toBeNull();
  });
});
