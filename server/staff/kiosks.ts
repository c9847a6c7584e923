// Kiosks made outside the API: `npm run totem -- create` (server/cli/totem.ts) adds one to a shop with
// a random configuration password shown once, and `npm start` says at start how to make the first
// one (a production database has none: the demo kiosks exist only in demo mode, and a start
// outside it retires them, server/db/seed/demo.ts).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { shops, totems } from '../db/schema/index';
import { DEMO_TOTEMS } from '../db/seed/kiosk';
import { hashPassword, type ScryptParams } from '../auth/passwords';
import { makeKioskPassword } from './kiosk-password';
import { TotemLevel } from './permissions';
import type { AuthTotem } from '../http/context';

/** What a kiosk code may be: it appears in paths (`v1/totems/{code}`) and on the kiosk's footer. */
export const KIOSK_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{1,31}$/;
const KIOSK_TYPES: readonly number[] = Object.values(TotemLevel);

/** A refusal of `createKiosk`, said as is to whoever ran the command. */
export class KioskCommandError extends Error {}

/** The kiosk with this code (any case), or null. */
export async function findKiosk(db: Db, code: string): Promise<AuthTotem | null> {
  const [totem] = await db.select().from(totems).where(eq(totems.code, code.toUpperCase()));
  return totem ?? null;
}

/**
 * A new kiosk of `shop` (slug or id) and `type` (10, 20 or 30) with a random configuration
 * password, returned only here. Documents stay required and no terminal is set: the back office
 * (or the configuration page for the terminal) changes them.
 */
export async function createKiosk(db: Db, input: { code: string; shop: string; type: number }, hashing: ScryptParams): Promise<{ totem: AuthTotem; password: string }> {
  const code = input.code.toUpperCase();
  if (!KIOSK_CODE_PATTERN.test(code)) throw new KioskCommandError(`a kiosk code is 2 to 32 letters, digits and dashes, not "${input.code}"`);
  // Demo kiosk codes are reserved: demo mode pairs them with published codes and a production start
  // retires them, neither of which may ever reach a real kiosk.
  if (DEMO_TOTEMS.some((t) => t.code === code)) throw new KioskCommandError(`${code} is a demo kiosk's code (published in server/README.md); choose another`);
  if (!KIOSK_TYPES.includes(input.type)) throw new KioskCommandError(`--type is ${KIOSK_TYPES.join(', ')} (public kiosk, admin, admin + cash desk)`);
  const [shop] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(/^\d+$/.test(input.shop) ? eq(shops.id, Number(input.shop)) : eq(shops.slug, input.shop));
  if (!shop) throw new KioskCommandError(`no shop "${input.shop}" (its slug, as in its page's address, or its id)`);
  const password = makeKioskPassword();
  const [totem] = await db
    .insert(totems)
    .values({ code, type: input.type, shopId: shop.id, passwordHash: await hashPassword(password, hashing), pos: null, dataSecurityUserOptional: false, serverUrl: null })
    .onConflictDoNothing()
    .returning();
  if (!totem) throw new KioskCommandError(`kiosk ${code} exists already (a new password: npm run totem -- password ${code})`);
  return { totem, password };
}

/** What `npm start` says about kiosks, once at start: how to make the first one when there is none. */
export async function kioskStartNotices(db: Db): Promise<string[]> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(totems);
  if (count > 0) return [];
  return [
    '[kiosk] no kiosk yet. Make one and its first pairing code (with the embedded database, stop the server first):',
    '[kiosk]   npm run totem -- create BARD-04 --shop bardonecchia-sport-rent --type 20   (prints its configuration password once)',
    "[kiosk]   npm run totem -- pairing-code BARD-04   (type it at /pair on the device within the code's minutes)",
  ];
}
