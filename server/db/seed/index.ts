// Idempotent seed, safe to run on every start: the catalogue and accounts go in one transaction
// that also records the seed version, then the demo orders are placed through the order code
// (which needs the loaded catalogue). A start finding the version recorded does nothing more, but
// for the demo kiosks in demo mode (they exist only there: server/db/seed/kiosk.ts).
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { appMeta } from '../schema/index';
import { CatalogueCache } from '../../catalogue/cache';
import { readSeedSource } from './seo';
import { seedCatalogue, seedShopSeasons, seedUnitSizes } from './catalogue';
import { seedAccounts, seedPathways } from './accounts';
import { seedDemoOrders } from './orders';
import { seedKiosk } from './kiosk';
import type { ScryptParams } from '../../auth/passwords';

// 3: demo kiosks (a database at 2 gets them on its next start; every step below is idempotent).
// 4: shop seasons as month-day windows from seo-data (seedShopSeasons).
// 5: unit sizes of the products that have them (seedUnitSizes).
export const SEED_VERSION = '5';

export async function seededVersion(db: Db): Promise<string | null> {
  const rows = await db.select().from(appMeta).where(eq(appMeta.key, 'seed_version'));
  return rows[0]?.value ?? null;
}

async function setVersion(db: Db, value: string) {
  await db
    .insert(appMeta)
    .values({ key: 'seed_version', value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
}

export interface SeedOptions {
  /**
   * Demo mode: the demo kiosks, whose codes and passwords server/README.md publishes. Checked on
   * every start, not only with a new seed version, so the database of a first start with demo mode
   * off gets them once it is on. Servers and CLIs pass the configuration's DEMO_PAIRING_CODES
   * (server/main.ts `prepareDatabase`); the default is the tests' (and the demo's).
   */
  demoKiosks?: boolean;
  /** The configuration's cost of password hashes (`config.passwordHashing`). */
  passwordHashing: ScryptParams;
}

/** Seeds an empty database; returns false when it was already seeded (and had the demo kiosks it needs). */
export async function seed(db: Db, now: Date, options: SeedOptions): Promise<boolean> {
  const demoKiosks = options.demoKiosks ?? true;
  const version = await seededVersion(db);
  if (version === SEED_VERSION) return demoKiosks && (await seedKiosk(db, options.passwordHashing));
  if (version === null) {
    const source = readSeedSource();
    await db.transaction(async (tx) => {
      await seedCatalogue(tx, source);
      await seedAccounts(tx, options.passwordHashing);
      await seedPathways(tx, source);
      await tx.insert(appMeta).values({ key: 'seed_version', value: `${SEED_VERSION}-partial` });
    });
  } else {
    const source = readSeedSource();
    await seedShopSeasons(db, source);
    await seedUnitSizes(db, source);
  }
  const catalogue = new CatalogueCache();
  await catalogue.load(db);
  await seedDemoOrders(db, catalogue, now);
  if (demoKiosks) await seedKiosk(db, options.passwordHashing);
  await setVersion(db, SEED_VERSION);
  return true;
}
