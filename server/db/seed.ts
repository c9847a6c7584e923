// Idempotent seed: safe to run on every start. Every insert is keyed and skips rows that exist,
// and the applied version is recorded so a start can tell a fresh database from a seeded one.
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { appMeta, sports } from './schema';

export const SEED_VERSION = '1';

const seedSports = [
  { id: 1, slug: 'sci', name: 'Sci' },
  { id: 2, slug: 'snowboard', name: 'Snowboard' },
  { id: 3, slug: 'sci-alpinismo', name: 'Sci alpinismo' },
  { id: 4, slug: 'ciaspole', name: 'Ciaspole' },
  { id: 5, slug: 'biciclette', name: 'Biciclette' },
  { id: 6, slug: 'arrampicata', name: 'Arrampicata' },
];

export async function seededVersion(db: Db): Promise<string | null> {
  const rows = await db.select().from(appMeta).where(eq(appMeta.key, 'seed_version'));
  return rows[0]?.value ?? null;
}

/** Seeds the database; returns false when this seed version was already applied. */
export async function seed(db: Db): Promise<boolean> {
  if ((await seededVersion(db)) === SEED_VERSION) return false;
  await db.transaction(async (tx) => {
    await tx.insert(sports).values(seedSports).onConflictDoNothing();
    await tx
      .insert(appMeta)
      .values({ key: 'seed_version', value: SEED_VERSION })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: SEED_VERSION, updatedAt: new Date() } });
  });
  return true;
}
