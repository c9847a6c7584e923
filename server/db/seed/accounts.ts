// Demo customer, loyalty card, coupons, trails (documented in server/README.md, "Demo data").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../client';
import { coupons, fidelityCards, pathways, users } from '../schema/index';
import { hashPassword, type ScryptParams } from '../../auth/passwords';
import { parseGpx } from '../../../src/domain/gpx';
import { gpxStats } from '../../../src/domain/gpx-stats';
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

export async function seedAccounts(tx: Tx, hashing: ScryptParams): Promise<void> {
  const [user] = await tx
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
  await tx.insert(fidelityCards).values({ number: DEMO_CUSTOMER.fidelityCard, userId: user!.id, holderName: 'Mario Rossi', points: 120 });
  await tx.insert(coupons).values(DEMO_COUPONS);
}

export async function seedPathways(tx: Tx, source: SeedSource): Promise<void> {
  const siteBySlug = new Map(source.towns.map((t) => [t.slug, t.id]));
  const sportBySlug = new Map(source.categories.map((c) => [c.slug, c.id]));
  for (const trail of source.trails) {
    const stats = gpxStats(parseGpx(readFileSync(path.join(trailsDir, trail.gpx), 'utf8')));
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
