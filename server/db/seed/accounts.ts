// Demo customer, loyalty card and coupons (demo mode only: server/db/seed/demo.ts), and the trails
// every database has (documented in server/README.md, "Demo data").
import { readFileSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import path from 'node:path';
import type { Db } from '../client';
import { coupons, fidelityCards, pathways, users } from '../schema/index';
import { hashPassword, type ScryptParams } from '~server/auth/passwords';
import { parseGpx } from '~/domain/gpx';
import { gpxStats } from '~/domain/gpx-stats';
import { trailsDir, type SeedSource } from './seo';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const DEMO_CUSTOMER = {
  username: 'mario.rossi@example.com',
  password: 'Demo-2026!',
  firstName: 'Mario',
  lastName: 'Rossi',
  fidelityCard: 'FID-0001',
};

export const DEMO_COUPONS = [
  // Once per customer (account or e-mail): a welcome discount, not a standing one.
  { code: 'BENVENUTO10', amount: 10, blocked: false, description: 'Benvenuto: 10 € di sconto', maxUsesPerCustomer: 1 },
  { code: 'NEVE5', amount: 5, blocked: false, description: 'Neve: 5 € di sconto' },
  { code: 'SCADUTO', amount: 10, blocked: true, description: 'Codice scaduto' },
];

/**
 * Stands in a retired demo record's password hash (server/db/seed/demo.ts): no password verifies
 * against it (it is not a hash), so the published one stops working.
 */
export const RETIRED_PASSWORD = '!retired-demo-record';

/**
 * The demo customer, their card and the coupons, as demo mode has them: missing ones are added and
 * ones a production start retired are given back (the published password, the card active, the
 * coupons as listed). True when anything changed.
 */
export async function seedDemoAccounts(db: Db | Tx, hashing: ScryptParams): Promise<boolean> {
  let changed = false;
  let [user] = await db.select().from(users).where(eq(users.username, DEMO_CUSTOMER.username));
  if (!user) {
    [user] = await db
      .insert(users)
      .values({
        username: DEMO_CUSTOMER.username,
        passwordHash: await hashPassword(DEMO_CUSTOMER.password, hashing),
        firstName: DEMO_CUSTOMER.firstName,
        lastName: DEMO_CUSTOMER.lastName,
        phone: '+39 333 123 4567',
        fidelityCardNumber: DEMO_CUSTOMER.fidelityCard,
      })
      .returning();
    changed = true;
  } else if (user.passwordHash === RETIRED_PASSWORD) {
    await db.update(users).set({ passwordHash: await hashPassword(DEMO_CUSTOMER.password, hashing) }).where(eq(users.id, user.id));
    changed = true;
  }
  const [card] = await db.select().from(fidelityCards).where(eq(fidelityCards.number, DEMO_CUSTOMER.fidelityCard));
  if (!card) {
    await db.insert(fidelityCards).values({ number: DEMO_CUSTOMER.fidelityCard, userId: user!.id, holderName: 'Mario Rossi', points: 120 });
    changed = true;
  } else if (card.active !== 1) {
    await db.update(fidelityCards).set({ active: 1 }).where(eq(fidelityCards.id, card.id));
    changed = true;
  }
  const known = new Map((await db.select().from(coupons).where(inArray(coupons.code, DEMO_COUPONS.map((c) => c.code)))).map((c) => [c.code, c]));
  for (const coupon of DEMO_COUPONS) {
    const row = known.get(coupon.code);
    if (!row) await db.insert(coupons).values(coupon);
    else if (row.blocked !== coupon.blocked) await db.update(coupons).set({ blocked: coupon.blocked }).where(eq(coupons.id, row.id));
    else continue;
    changed = true;
  }
  return changed;
}

export async function seedPathways(tx: Tx, source: SeedSource): Promise<void> {
  const siteBySlug = new Map(source.towns.map((t) => [t.slug, t.id]));
  const sportBySlug = new Map(source.categories.map((c) => [c.slug, c.id]));
  for (const trail of source.trails) {
    const stats = gpxStats(parseGpx(readFileSync(path.join(trailsDir(), trail.gpx), 'utf8')));
    await tx.insert(pathways).values({
      slug: trail.slug,
      label: trail.label,
      siteId: siteBySlug.get(trail.town)!,
      sportId: sportBySlug.get(trail.sport)!,
      description: trail.description,
      gpxFile: trail.gpx,
      distance: stats.distance,
      elevationGain: stats.elevationGain,
      elevationLoss: stats.elevationLoss,
      movingTime: stats.movingTime,
    });
  }
}
