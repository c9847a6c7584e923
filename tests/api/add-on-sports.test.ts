// Add-ons are offered with the gear of the sports they fit (seo-data/catalogue.json `sports`,
// src/domain/add-ons.ts): the helmet with skis and boards, not with snowshoes, the avalanche kit
// or climbing gear, while the breakage cover goes with all of them. A database seeded before
// (version 5, every add-on linked to every product) loses the wrong links on its next start.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { pick } from '../support/orders';
import { appMeta, products, relatedProducts } from '~server/db/schema/index';
import { seed, seededVersion, SEED_VERSION } from '~server/db/seed/index';
import { testSeedOptions } from '../support/config';

/** Sport Noleggio Sestriere: skis, snowboard and snowshoes. */
const SHOP = 1;
const at = (day: string) => new Date(`${day}T12:00:00Z`);

describe.each(testDrivers)('add-ons by sport on $name', (driver) => {
  const api = seededApi(driver, { now: at('2026-11-23') });

  const offered = async (code: string) => {
    return Object.keys((await pick(api, SHOP, code, { from: '2026-12-10', to: '2026-12-11' })).addOns).sort();
  };

  it('offers the helmet with skis and not with snowshoes or the avalanche kit; the cover with all', async () => {
    expect(await offered('SCI-BASE')).toEqual(['CASCO', 'COPERTURA']);
    expect(await offered('SNOWBOARD')).toEqual(['CASCO', 'COPERTURA']);
    expect(await offered('CIASPOLE')).toEqual(['COPERTURA']);
    expect(await offered('AUTOSOCCORSO')).toEqual(['COPERTURA']);
  });

  it('a database seeded at version 5 with the helmet on snowshoes loses that link on its next start', async () => {
    const { db } = api.deps.database;
    const [snowshoes] = await db.select().from(products).where(eq(products.code, 'CIASPOLE')).limit(1);
    const [helmet] = await db
      .select()
      .from(products)
      .where(and(eq(products.shopId, snowshoes!.shopId), eq(products.code, 'CASCO')));
    await db.insert(relatedProducts).values({ productId: snowshoes!.id, relatedProductId: helmet!.id, recommended: true, hasDelivery: true, hasPickup: true });
    expect(await db.select().from(relatedProducts).where(eq(relatedProducts.productId, snowshoes!.id))).toHaveLength(2);
    await db.update(appMeta).set({ value: '5' }).where(eq(appMeta.key, 'seed_version'));
    expect(await seed(db, at('2026-11-23'), testSeedOptions())).toBe(true);
    const links = await db.select().from(relatedProducts).where(eq(relatedProducts.productId, snowshoes!.id));
    expect(links.map((l) => l.relatedProductId)).not.toContain(helmet!.id);
    expect(links).toHaveLength(1);
    expect(await seededVersion(db)).toBe(SEED_VERSION);
  });
});
