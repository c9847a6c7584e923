// Idempotent seed, safe to run on every start: the catalogue and trails go in one transaction that
// also records the seed version. The demo records (customer, card, coupons, past orders, kiosks)
// exist only in demo mode (server/db/seed/demo.ts) and are checked on every start in it, so a
// database first started outside demo mode gets them once it is on; the demo orders are placed
// through the order code (which needs the loaded catalogue).
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { appMeta } from '../schema/index';
import { readSeedSource } from './seo';
import { seedAddOnSports, seedCatalogue, seedShopSeasons, seedUnitSizes } from './catalogue';
import { seedDemoAccounts, seedPathways } from './accounts';
import { seedDemoOrders } from './orders';
import { seedKiosk } from './kiosk';
import type { ScryptParams } from '~server/auth/passwords';

// 3: demo kiosks (a database at 2 gets them on its next start; every step below is idempotent).
// 4: shop seasons as month-day windows from seo-data (seedShopSeasons).
// 5: unit sizes of the products that have them (seedUnitSizes).
// 6: add-ons offered only with the sports they fit (seedAddOnSports).
export const SEED_VERSION = '6';

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
   * Demo mode: the demo records, whose passwords and codes the READMEs publish. Checked on every
   * start, not only with a new seed version, so the database of a first start with demo mode off
   * gets them once it is on. Servers and CLIs pass the configuration's DEMO_DATA
   * (server/main.ts `prepareDatabase`); the default is the tests' (and the demo's).
   */
  demo?: boolean;
  /** The configuration's cost of password hashes (`config.passwordHashing`). */
  passwordHashing: ScryptParams;
  /** Where the demo cash desks find the terminal simulator (`POS_PORT`); DEMO_POS_URL by default. */
  demoPosUrl?: string;
}

/** Seeds an empty database; returns false when it was already seeded (and had the demo records it needs). */
export async function seed(db: Db, now: Date, options: SeedOptions): Promise<boolean> {
  const demo = options.demo ?? true;
  const version = await seededVersion(db);
  if (version === SEED_VERSION) return demo && (await seedDemoData(db, now, options));
  if (version === null) {
    const source = readSeedSource();
    await db.transaction(async (tx) => {
      await seedCatalogue(tx, source);
      await seedPathways(tx, source);
      await tx.insert(appMeta).values({ key: 'seed_version', value: `${SEED_VERSION}-partial` });
    });
  } else {
    const source = readSeedSource();
    await seedShopSeasons(db, source);
    await seedUnitSizes(db, source);
    await seedAddOnSports(db);
  }
  if (demo) await seedDemoData(db, now, options);
  await setVersion(db, SEED_VERSION);
  return true;
}

/** Demo mode's records, each added when missing or given back when retired; true when any changed. */
async function seedDemoData(db: Db, now: Date, options: SeedOptions): Promise<boolean> {
  const accounts = await seedDemoAccounts(db, options.passwordHashing);
  const orders = await seedDemoOrders(db, now);
  const kiosks = await seedKiosk(db, options.passwordHashing, options.demoPosUrl);
  return accounts || orders || kiosks;
}
