// Pairing a device as a kiosk. A pairing code pairs one device: it is marked used by the same
// UPDATE that finds it, so two devices racing with one code get one token. Codes live in their own
// table (pairing_codes) with who minted them: an admin kiosk of the same shop (a re-pair: new
// tablet, broken screen…; never for itself, and only with its configuration password) or the
// command line (`npm run totem -- pairing-code`, the first kiosk of a shop). They live minutes
// (PAIRING_CODE_TTL_MINUTES, 15 by default). The device paired with a code replaces the kiosk's
// earlier ones, whose tokens then answer 401. Revoking a kiosk (a stolen tablet) ends its tokens,
// its pending code and every pending code it minted for others: whoever holds its token or a code
// it made cannot pair again. The replacement code is minted after the revoke.
//
// The demo kiosks' codes (server/README.md, "Kiosk demo data") are published, so they are not pending codes:
// in demo mode they pair any number of devices (the demo and the e2e tests rely on it); outside it
// (NODE_ENV=production unless DEMO_DATA=1) they are refused like unknown codes.
import { randomInt } from 'node:crypto';
import { and, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { makePairingCode, normalizePairingCode } from '~/domain/pairing';
import type { Db } from '../db/client';
import { sha256Hex } from '../auth/sha256';
import { pairingCodes, tokens, totems } from '../db/schema/index';
import { DEMO_TOTEMS } from '../db/seed/kiosk';
import type { AuthTotem } from '../http/context';

/** Long enough to walk to the device and type it, short enough that a lost note soon stops mattering. */
export const DEFAULT_PAIRING_CODE_TTL_MINUTES = 15;
/** A code living more than a day is a standing credential, not a one-time code: refused at start (server/config.ts). */
export const MAX_PAIRING_CODE_TTL_MINUTES = 24 * 60;

/** SHA-256 of the normalised code: it is looked up, so it cannot be salted (12 random symbols, minutes of life). */
export const hashPairingCode = (code: string) => sha256Hex(normalizePairingCode(code));

const demoTotemCode = (code: string) =>
  DEMO_TOTEMS.find((t) => normalizePairingCode(t.pairingCode) === normalizePairingCode(code))?.code;

/** Not used and not cancelled (expired ones included: only a pairing needs to look at the clock). */
const open = () => and(isNull(pairingCodes.usedAt), isNull(pairingCodes.cancelledAt))!;
/** A code that still pairs at `now`. */
const live = (now: Date) => and(open(), gt(pairingCodes.expiresAt, now))!;

/** The kiosk a code pairs, and whether the code was a demo kiosk's published one. */
export interface RedeemedCode {
  totem: AuthTotem;
  demoCode: boolean;
}

/**
 * The kiosk a code pairs; null for an unknown, used, cancelled, expired or (outside demo mode) demo
 * code. A pending code is used up and the kiosk's earlier tokens end, in one transaction: the
 * caller then issues the new device's token, marked when the code was a published demo code.
 */
export async function redeemPairingCode(db: Db, code: string, now: Date, demoCodes: boolean): Promise<RedeemedCode | null> {
  const demo = demoTotemCode(code);
  if (demo) {
    if (!demoCodes) return null;
    const [totem] = await db.select().from(totems).where(eq(totems.code, demo));
    return totem ? { totem, demoCode: true } : null;
  }
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(pairingCodes)
      .set({ usedAt: now })
      .where(and(eq(pairingCodes.codeHash, hashPairingCode(code)), live(now)))
      .returning({ totemId: pairingCodes.totemId });
    if (!used) return null;
    const [totem] = await tx.select().from(totems).where(eq(totems.id, used.totemId));
    if (!totem) return null;
    await tx.delete(tokens).where(eq(tokens.totemId, totem.id));
    return { totem, demoCode: false };
  });
}

export interface PairingCodeOptions {
  now: Date;
  ttlMs: number;
  /** The admin kiosk minting it and the token it called with; absent: the command line. */
  minter?: { totem: AuthTotem; token: string };
}

/** Raised when the minting kiosk's token ended (revoked) before its code could be stored. */
export class MinterRevokedError extends Error {}

/**
 * A new one-time code for `totem`, replacing its pending one; the code itself is returned only
 * here. A kiosk's minting holds its own token row while it writes: a revoke of that kiosk either
 * comes first (the token is gone: MinterRevokedError, nothing stored) or waits and then cancels
 * the code with the others it minted.
 */
export async function issuePairingCode(db: Db, totem: AuthTotem, options: PairingCodeOptions): Promise<{ code: string; expiresAt: Date }> {
  const code = makePairingCode(randomInt);
  const expiresAt = new Date(options.now.getTime() + options.ttlMs);
  await db.transaction(async (tx) => {
    if (options.minter) {
      const [held] = await tx
        .select({ id: tokens.id })
        .from(tokens)
        .where(and(eq(tokens.tokenHash, sha256Hex(options.minter.token)), eq(tokens.totemId, options.minter.totem.id)))
        .for('share');
      if (!held) throw new MinterRevokedError();
    }
    // One code at a time per kiosk: two mints for the same kiosk take turns here.
    await tx.select({ id: totems.id }).from(totems).where(eq(totems.id, totem.id)).for('update');
    await tx.update(pairingCodes).set({ cancelledAt: options.now }).where(and(eq(pairingCodes.totemId, totem.id), open()));
    await tx.insert(pairingCodes).values({
      totemId: totem.id,
      codeHash: hashPairingCode(code),
      mintedBy: options.minter?.totem.id ?? null,
      createdAt: options.now,
      expiresAt,
    });
  });
  return { code, expiresAt };
}

async function cancelCodes(db: Db, where: SQL, now: Date): Promise<number> {
  const gone = await db
    .update(pairingCodes)
    .set({ cancelledAt: now })
    .where(and(where, live(now)))
    .returning({ id: pairingCodes.id });
  return gone.length;
}

/** Staff cancel the kiosk's pending code (a note left on the counter); returns how many ended (0 or 1). */
export function cancelPairingCode(db: Db, totem: AuthTotem, now: Date): Promise<number> {
  return cancelCodes(db, eq(pairingCodes.totemId, totem.id), now);
}

/**
 * A lost or stolen kiosk: every session of `totem` ends (each device paired as it), and so does
 * every pending code for it or minted by it. Returns how many tokens and codes went.
 */
export async function revokeTotem(db: Db, totem: AuthTotem, now: Date): Promise<{ tokens: number; codes: number }> {
  return db.transaction(async (tx) => {
    const gone = await tx.delete(tokens).where(eq(tokens.totemId, totem.id)).returning({ id: tokens.id });
    const codes = await cancelCodes(tx, or(eq(pairingCodes.totemId, totem.id), eq(pairingCodes.mintedBy, totem.id))!, now);
    return { tokens: gone.length, codes };
  });
}

export interface PendingCode {
  totemId: number;
  createdAt: Date;
  expiresAt: Date;
  /** The minting kiosk's code; null: the command line. */
  mintedBy: string | null;
}

/** The pending (live) code of each of these kiosks, by kiosk id; never the code itself. */
export async function pendingCodes(db: Db, totemIds: readonly number[], now: Date): Promise<Map<number, PendingCode>> {
  if (totemIds.length === 0) return new Map();
  const rows = await db
    .select({ totemId: pairingCodes.totemId, createdAt: pairingCodes.createdAt, expiresAt: pairingCodes.expiresAt, mintedBy: pairingCodes.mintedBy })
    .from(pairingCodes)
    .where(and(inArray(pairingCodes.totemId, [...totemIds]), live(now)));
  const minterIds = [...new Set(rows.flatMap((r) => (r.mintedBy === null ? [] : [r.mintedBy])))];
  const minters = minterIds.length === 0 ? [] : await db.select({ id: totems.id, code: totems.code }).from(totems).where(inArray(totems.id, minterIds));
  const codeOf = new Map(minters.map((m) => [m.id, m.code]));
  return new Map(rows.map((r) => [r.totemId, { ...r, mintedBy: r.mintedBy === null ? null : (codeOf.get(r.mintedBy) ?? null) }]));
}
