// The build's price loader (src/seo/offers.ts) against a real API over HTTP: with CATALOGUE_API_URL
// naming it, the loader reads every shop from GET v1/shops/slug/{slug} (contract schema) and finds
// the same gear and price summaries as the committed catalogue the API was seeded from; a price the
// API changes shows up changed; a shop the API does not know fails the build instead of hiding.
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '~seo-data/catalogue';
import { loadSeoData } from '~seo-data/schema';
import { CATALOGUE_API_ENV, apiOffers, committedOffers, loadShopOffers, shopLoadUrl } from '~/seo/offers';
import { createTestApi, listenOnLoopback, type TestApi } from '../support/app';
import { testDrivers } from '../support/databases';
import { answer, envelopeOf } from '../support/contract';
import { ShopLoadSchema } from '~/api/contract/catalogue';

const { shops } = loadSeoData();

describe.each(testDrivers)('build price loader against the API on $name', (driver) => {
  let api: TestApi;
  let server: Server;
  let apiUrl: string;

  beforeAll(async () => {
    api = await createTestApi(driver);
    const listening = await listenOnLoopback(api);
    server = listening.server;
    apiUrl = `http://127.0.0.1:${listening.port}/api`;
  }, 120_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await api?.dispose();
  });

  it('reads every shop from the API named by the environment, with the committed catalogue’s gear and prices', async () => {
    const fromApi = await loadShopOffers(shops, { [CATALOGUE_API_ENV]: apiUrl });
    const committed = await loadShopOffers(shops, {});
    expect(committed).toEqual(committedOffers(loadCatalogue(), shops));
    expect([...fromApi.keys()].sort()).toEqual(shops.map((s) => s.slug).sort());
    expect(fromApi).toEqual(committed);
    // Not vacuous: real products with day prices in every sport of every shop.
    for (const shop of shops)
      for (const offer of fromApi.get(shop.slug)!) expect(offer.categories.flatMap((c) => c.products).length, `${shop.slug} ${offer.sport}`).toBeGreaterThan(0);
  });

  it('shows what the API answers, not the file: a changed price is read as changed', async () => {
    const shop = shops[0]!;
    const bumped: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const body = await answer(response, envelopeOf(ShopLoadSchema));
      // Every main price of the shop's first product one euro dearer.
      if (String(input) === shopLoadUrl(apiUrl, shop.slug))
        for (const price of body.data.products[0]!.prices) if (price.main_price) price.amount += 1;
      return new Response(JSON.stringify(body), { status: response.status, headers: { 'content-type': 'application/json' } });
    };
    const committed = committedOffers(loadCatalogue(), [shop]).get(shop.slug)!;
    const read = (await apiOffers(apiUrl, [shop], bumped)).get(shop.slug)!;
    const first = (offers: typeof read) => offers[0]!.categories[0]!.products[0]!.summary;
    expect(first(read).dayFrom).toBe(first(committed).dayFrom + 1);
    expect(first(read).season).toBe(first(committed).season! + 1);
    expect(read[0]!.categories[0]!.products.slice(1)).toEqual(committed[0]!.categories[0]!.products.slice(1));
  });

  it('fails (the build stops) when the API does not know a shop of the pages', async () => {
    await expect(apiOffers(apiUrl, [{ slug: 'no-such-shop', sports: ['sci'] }])).rejects.toThrow(/CATALOGUE_API_URL: GET .*no-such-shop answered 404/);
  });

  it('accepts the API address with or without a trailing slash', () => {
    expect(shopLoadUrl('https://api.example.com/api', 'a')).toBe('https://api.example.com/api/v1/shops/slug/a');
    expect(shopLoadUrl('https://api.example.com/api/', 'a')).toBe('https://api.example.com/api/v1/shops/slug/a');
  });
});
