// SEO_DATA_DIR (seo-data/dir.ts): with it naming a generated network, every reader of the SEO
// table reads that network: the loaders, the API's seed and trails, the vouchers' shop hours, the
// build's offers, trails, "Ask the shop" and no-shop pages. A shop only the generated network has
// is the witness. The server's configuration refuses a folder without the table.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scaleSeoData } from '~scripts/seo-data-scale';
import { loadConfig } from '~server/config';
import { ConfigError } from '~server/env-values';

const SOURCE = path.resolve(import.meta.dirname, '../../../seo-data');
const temp = mkdtempSync(path.join(tmpdir(), 'seo-dir-'));
const NETWORK = path.join(temp, 'net2');
scaleSeoData({ factor: 2, out: NETWORK, source: SOURCE });
/** In the generated network only. */
const SHOP = 'alpin-tour-sestriere-2';
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('SEO_DATA_DIR', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubEnv('SEO_DATA_DIR', NETWORK);
  });
  afterEach(() => vi.unstubAllEnvs());

  it('names the folder every loader reads', async () => {
    const { seoDataDir } = await import('~seo-data/dir');
    const { loadSeoData } = await import('~seo-data/schema');
    expect(seoDataDir()).toBe(NETWORK);
    expect(loadSeoData().shops.map((s) => s.slug)).toContain(SHOP);
    vi.stubEnv('SEO_DATA_DIR', path.relative(path.resolve(SOURCE, '..'), NETWORK));
    expect(seoDataDir()).toBe(NETWORK);
    vi.unstubAllEnvs();
    expect(seoDataDir({})).toBe(SOURCE);
    expect(loadSeoData().shops.map((s) => s.slug)).not.toContain(SHOP);
  });

  it("is read by the API's seed, its trails folder and the vouchers' shop hours", async () => {
    const { readSeedSource, trailsDir } = await import('~server/db/seed/seo');
    const { shopHours } = await import('~server/vouchers/shop-hours');
    const source = readSeedSource();
    expect(source.shops.map((s) => s.slug)).toContain(SHOP);
    expect(source.towns).toHaveLength(40);
    expect(trailsDir()).toBe(path.join(NETWORK, 'trails'));
    expect(shopHours(SHOP, 'en')).toBe(shopHours('alpin-tour-sestriere', 'en'));
    expect(shopHours(SHOP, 'en')).not.toBeNull();
  });

  it("is read by the build's offers, trails, Ask the shop and no-shop pages", async () => {
    const { loadShopOffers } = await import('~/seo/offers');
    const { trailsDir } = await import('~/seo/trails');
    const { askShopTarget } = await import('~/seo/ask-shop');
    const { noShopPaths } = await import('~/seo/no-shop-pages');
    expect(askShopTarget(SHOP).label).toBe('Alpin Tour Sestriere 2');
    expect(trailsDir()).toBe(path.join(NETWORK, 'trails'));
    const offers = await loadShopOffers([{ slug: SHOP, sports: ['biciclette'] }], {});
    expect(offers.get(SHOP)).toBeDefined();
    // The copy of a town with no shop near it for a sport, as its original.
    expect(noShopPaths.has('/sci/schia-monte-caio')).toBe(true);
    expect(noShopPaths.has('/sci/schia-monte-caio-2')).toBe(true);
  });
});

describe("the server's configuration", () => {
  it('takes SEO_DATA_DIR when the folder holds the table, and stops on one that does not', () => {
    expect(() => loadConfig({ SEO_DATA_DIR: NETWORK })).not.toThrow();
    expect(() => loadConfig({ SEO_DATA_DIR: temp })).toThrow(ConfigError);
  });
});
