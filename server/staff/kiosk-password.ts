// A kiosk's configuration password: checked by the server (never shipped in the site), scrypt-hashed
// per kiosk, guesses capped per kiosk. The same check guards opening the configuration page
// (POST v1/totem/password) and what an admin kiosk does with credentials (minting a pairing code,
// a new password for a kiosk of its shop): a stolen token alone mints nothing. New passwords are
// random, made here, shown once and stored hashed (the API's rotation and `npm run totem`).
import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { formatPairingCode, PAIRING_CODE_ALPHABET } from '~/domain/pairing';
import type { Db } from '../db/client';
import { totems } from '../db/schema/index';
import { hashPassword, needsRehash, rehashPassword, verifyPassword, type ScryptParams } from '../auth/passwords';
import { fieldError } from '../http/errors';
import type { AppContext, AuthTotem } from '../http/context';
import type { RateLimiter, RateLimitRule } from '../http/rate-limit';

/** Wrong passwords a kiosk may try before it waits (every check counts, a right one resets). */
const PASSWORD_PER_TOTEM: RateLimitRule = { limit: 10, windowMs: 15 * 60_000 };
/** The limiter's key counting `totemId`'s password guesses (one for every route that asks it). */
const passwordKey = (totemId: number) => `totem-password:${totemId}`;
/** 16 symbols of the pairing codes' 30 (no look-alikes): about 78 bits, typed in groups of 4. */
export const KIOSK_PASSWORD_LENGTH = 16;

/** A new random configuration password, as staff read and type it (`XXXX-XXXX-XXXX-XXXX`, dashes included). */
export function makeKioskPassword(): string {
  let plain = '';
  for (let i = 0; i < KIOSK_PASSWORD_LENGTH; i++) plain += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)];
  return formatPairingCode(plain);
}

/** Sets a new random password for the kiosk (its devices stay paired); the password is returned only here. */
export async function rotateKioskPassword(db: Db, totemId: number, hashing: ScryptParams): Promise<string> {
  const password = makeKioskPassword();
  await db.update(totems).set({ passwordHash: await hashPassword(password, hashing) }).where(eq(totems.id, totemId));
  return password;
}

/**
 * `password` is `totem`'s configuration password, or a 422 on `password` (429 past the guesses a
 * kiosk may make: one count for every route that asks it).
 */
export async function assertKioskPassword(c: AppContext, totem: AuthTotem, password: string): Promise<void> {
  const { limiter, database, passwordHashing } = c.get('deps');
  const key = passwordKey(totem.id);
  await limiter.hit(key, PASSWORD_PER_TOTEM);
  if (!(await verifyPassword(password, totem.passwordHash))) throw fieldError('password', 'validators.invalid');
  await limiter.reset(key);
  if (needsRehash(totem.passwordHash, passwordHashing)) {
    // As a customer's login does: the password is at hand only now (older scrypt parameters);
    // skipped, till the next check, when the hashing queue is full.
    const rehashed = await rehashPassword(password, passwordHashing);
    if (rehashed) {
      await database.db
        .update(totems)
        .set({ passwordHash: rehashed })
        .where(and(eq(totems.id, totem.id), eq(totems.passwordHash, totem.passwordHash)));
    }
  }
}

/**
 * Lifts the lock wrong guesses put on `totemId`'s password (staff, when a walk-in customer locked a
 * public kiosk): that kiosk's count only, which starts again from zero. The lock itself stays as
 * strict as before: only an admin kiosk with its own password, or the command line, lifts it.
 */
export async function unlockKioskPassword(limiter: RateLimiter, totemId: number): Promise<void> {
  await limiter.reset(passwordKey(totemId));
}
