// Pairing a device as a kiosk (issue #11). A pairing code pairs one device: it is cleared by the
// same UPDATE that finds it, so two devices racing with one code get one token. Staff make a new
// code for a kiosk from an admin kiosk of the same shop (a re-pair: new tablet, broken screen…); the
// device paired with it replaces the kiosk's earlier ones, whose tokens then answer 401. Staff can
// also revoke every token a kiosk holds (a stolen tablet) without pairing anything.
//
// The demo kiosks' codes (server/README.md, "Kiosk demo data") are published, so they are not pending codes:
// in demo mode they pair any number of devices (the demo and the e2e tests rely on it); outside it
// (NODE_ENV=production unless DEMO_PAIRING_CODES=1) they are refused like unknown codes.
import { randomInt } from 'node:crypto';
import { and, eq, gt, isNotNull } from 'drizzle-orm';
import { makePairingCode, normalizePairingCode } from '../../src/domain/pairing';
import type { Db } from '../db/client';
import { sha256Hex } from '../auth/sha256';
import { tokens, totems } from '../db/schema/index';
import { DEMO_TOTEMS } from '../db/seed/kiosk';
import type { AuthTotem } from '../http/context';

/** Long enough to walk to the device and set it up, short enough that a lost note soon stops mattering. */
export const PAIRING_CODE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Demo pairing codes work unless NODE_ENV=production; DEMO_PAIRING_CODES=1 turns them on there too,
 * DEMO_PAIRING_CODES=0 off anywhere (as PAYMENT_SIMULATOR does for the simulated payment page).
 */
export function demoPairingCodesEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.DEMO_PAIRING_CODES === '1') return true;
  if (env.DEMO_PAIRING_CODES === '0') return false;
  return env.NODE_ENV !== 'production';
}

/** SHA-256 of the normalised code: it is looked up, so it cannot be salted (12 random symbols, a day's life). */
export const hashPairingCode = (code: string) => sha256Hex(normalizePairingCode(code));

const demoTotemCode = (code: string) =>
  DEMO_TOTEMS.find((t) => normalizePairingCode(t.pairingCode) === normalizePairingCode(code))?.code;

/**
 * The kiosk a code pairs; null for an unknown, used, expired or (outside demo mode) demo code. A
 * pending code is consumed and the kiosk's earlier tokens end, in one transaction: the caller then
 * issues the new device's token.
 */
export async function redeemPairingCode(db: Db, code: string, now: Date, demoCodes: boolean): Promise<AuthTotem | null> {
  const demo = demoTotemCode(code);
  if (demo) {
    if (!demoCodes) return null;
    const [totem] = await db.select().from(totems).where(eq(totems.code, demo));
    return totem ?? null;
  }
  return db.transaction(async (tx) => {
    const [totem] = await tx
      .update(totems)
      .set({ pairingCodeHash: null, pairingCodeExpiresAt: null })
      .where(
        and(
          eq(totems.pairingCodeHash, hashPairingCode(code)),
          isNotNull(totems.pairingCodeExpiresAt),
          gt(totems.pairingCodeExpiresAt, now),
        ),
      )
      .returning();
    if (totem) await tx.delete(tokens).where(eq(tokens.totemId, totem.id));
    return totem ?? null;
  });
}

/** A new one-time code for `totem`, replacing any pending one; the code itself is returned only here. */
export async function issuePairingCode(db: Db, totem: AuthTotem, now: Date): Promise<{ code: string; expiresAt: Date }> {
  const code = makePairingCode(randomInt);
  const expiresAt = new Date(now.getTime() + PAIRING_CODE_TTL_MS);
  await db.update(totems).set({ pairingCodeHash: hashPairingCode(code), pairingCodeExpiresAt: expiresAt }).where(eq(totems.id, totem.id));
  return { code, expiresAt };
}

/**
 * Ends every session of `totem` (each device paired as it); returns how many tokens went. A pending
 * code stays: it is most likely the replacement staff just made.
 */
export async function revokeTotem(db: Db, totem: AuthTotem): Promise<number> {
  const gone = await db.delete(tokens).where(eq(tokens.totemId, totem.id)).returning({ id: tokens.id });
  return gone.length;
}
