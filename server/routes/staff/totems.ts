// What an admin kiosk (type 20 or 30) does to the kiosks of its shop, of its own type or lower (a
// type-20 admin cannot touch cash desks): list them with their pending pairing codes, mint a code
// (re-pairing: a new tablet, a broken screen…), cancel one, revoke a lost or stolen kiosk, and give
// a kiosk a new configuration password, or lift the lock wrong guesses put on a kiosk's password
// (a walk-in customer on a public kiosk locks its configuration for everyone). Minting, unlocking
// and new passwords need the caller's own configuration password in the body, so a copied token
// alone does none of them; a kiosk never mints its own code (a stolen one would re-pair itself).
// Rules in server/staff/pairing.ts and server/staff/kiosk-password.ts.
import { Hono } from 'hono';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { TotemPasswordRequestSchema } from '~/api/contract/staff';
import type {
  CancelPairingCodeResponseSchema,
  KioskPasswordResponseSchema,
  PairingCodeResponseSchema,
  RevokeTotemResponseSchema,
  ShopKiosksResponseSchema,
  UnlockTotemResponseSchema,
} from '~/api/contract/staff';
import { TotemTypeSchema } from '~/api/contract/kiosk';
import { totems } from '~server/db/schema/index';
import { ApiError, forbidden, notFound, unauthenticated } from '~server/http/errors';
import type { AppContext, AppEnv, AuthTotem } from '~server/http/context';
import { jsonBody } from '~server/http/validation';
import { requireTotem, TotemLevel } from '~server/staff/permissions';
import { cancelPairingCode, issuePairingCode, MinterRevokedError, pendingCodes, revokeTotem } from '~server/staff/pairing';
import { assertKioskPassword, rotateKioskPassword, unlockKioskPassword } from '~server/staff/kiosk-password';

/** Longer path segments are not a kiosk code (the staff lookups cut at the same length). */
const TOTEM_CODE_MAX = 64;

/** The calling admin kiosk and the kiosk named in the path, when it may manage it; 404 for another shop's. */
async function managedTotem(c: AppContext): Promise<{ caller: AuthTotem; target: AuthTotem }> {
  const caller = requireTotem(c, TotemLevel.ADMIN);
  const code = (c.req.param('code') ?? '').toUpperCase().slice(0, TOTEM_CODE_MAX);
  const [target] = await c.get('deps').database.db.select().from(totems).where(eq(totems.code, code));
  if (!target || target.shopId !== caller.shopId) throw notFound();
  if (target.type > caller.type) throw forbidden();
  return { caller, target };
}

export const totemsRoutes = new Hono<AppEnv>()
  .get('/v1/totems', async (c) => {
    const caller = requireTotem(c, TotemLevel.ADMIN);
    const { database, now } = c.get('deps');
    const rows = await database.db
      .select()
      .from(totems)
      .where(and(eq(totems.shopId, caller.shopId), lte(totems.type, caller.type)))
      .orderBy(asc(totems.code));
    const pending = await pendingCodes(database.db, rows.map((r) => r.id), now());
    const answer: z.input<typeof ShopKiosksResponseSchema> = {
      data: rows.map((row) => {
        const code = pending.get(row.id);
        return {
          code: row.code,
          type: TotemTypeSchema.parse(row.type),
          pending_code: code ? { created_at: code.createdAt.toISOString(), expires_at: code.expiresAt.toISOString(), minted_by: code.mintedBy } : null,
        };
      }),
    };
    return c.json(answer);
  })
  // Re-pairing: a new one-time code for another kiosk of the shop, answered once, never stored plain.
  .post('/v1/totems/:code/pairing_code', async (c) => {
    const { caller, target } = await managedTotem(c);
    // Its own code would let a stolen kiosk pair itself again after it is revoked.
    if (target.id === caller.id) throw new ApiError(403, 'api.ownPairingCode');
    const { password } = await jsonBody(c, TotemPasswordRequestSchema);
    await assertKioskPassword(c, caller, password);
    const { database, now, pairingCodeTtlMs } = c.get('deps');
    try {
      const minter = { totem: caller, token: c.get('auth')!.token };
      const { code, expiresAt } = await issuePairingCode(database.db, target, { now: now(), ttlMs: pairingCodeTtlMs, minter });
      const answer: z.input<typeof PairingCodeResponseSchema> = { data: { totem: target.code, pairing_code: code, expires_at: expiresAt.toISOString() } };
      return c.json(answer, 201);
    } catch (err) {
      // The caller was revoked while this request ran: as if its token had already gone.
      if (err instanceof MinterRevokedError) throw unauthenticated();
      throw err;
    }
  })
  .delete('/v1/totems/:code/pairing_code', async (c) => {
    const { target } = await managedTotem(c);
    const cancelled = await cancelPairingCode(c.get('deps').database.db, target, c.get('deps').now());
    const answer: z.input<typeof CancelPairingCodeResponseSchema> = { data: { totem: target.code, cancelled } };
    return c.json(answer);
  })
  // A lost or stolen device: every token of that kiosk ends (401 from its next call), with every
  // pending code for it or minted by it. Staff mint the replacement code afterwards.
  .post('/v1/totems/:code/revoke', async (c) => {
    const { target } = await managedTotem(c);
    const ended = await revokeTotem(c.get('deps').database.db, target, c.get('deps').now());
    const answer: z.input<typeof RevokeTotemResponseSchema> = { data: { totem: target.code, revoked: ended.tokens, codes_cancelled: ended.codes } };
    return c.json(answer);
  })
  // A new configuration password for a kiosk of the shop (the caller's own included), answered once;
  // the kiosk's devices stay paired.
  .post('/v1/totems/:code/password', async (c) => {
    const { caller, target } = await managedTotem(c);
    const { password } = await jsonBody(c, TotemPasswordRequestSchema);
    await assertKioskPassword(c, caller, password);
    const fresh = await rotateKioskPassword(c.get('deps').database.db, target.id, c.get('deps').passwordHashing);
    const answer: z.input<typeof KioskPasswordResponseSchema> = { data: { totem: target.code, password: fresh } };
    return c.json(answer);
  })
  // Too many wrong passwords lock a kiosk's configuration for everyone: staff lift that lock from
  // an admin kiosk of the shop, with its own password (its own guesses keep counting), and the next
  // right password opens it at once.
  .post('/v1/totems/:code/unlock', async (c) => {
    const { caller, target } = await managedTotem(c);
    const { password } = await jsonBody(c, TotemPasswordRequestSchema);
    await assertKioskPassword(c, caller, password);
    await unlockKioskPassword(c.get('deps').limiter, target.id);
    const answer: z.input<typeof UnlockTotemResponseSchema> = { data: { totem: target.code } };
    return c.json(answer);
  });
