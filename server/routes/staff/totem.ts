// The kiosk itself: pairing a device (one-time codes, re-pairing and revoking from an admin kiosk,
// server/staff/pairing.ts), its settings and the configuration password checked here (never shipped
// in the site's JavaScript). The queue push is in queue.ts, the cashier close in cashier.ts.
import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import { PairRequestSchema, TotemPasswordRequestSchema } from '../../../src/api/contract/staff';
import { shopChannel } from '../../../src/api/contract/realtime';
import type {
  PairingCodeResponseSchema,
  RevokeTotemResponseSchema,
  TotemPasswordResponseSchema,
  TotemResponseSchema,
  TotemSettingsSchema,
} from '../../../src/api/contract/staff';
import { TotemTypeSchema } from '../../../src/api/contract/kiosk';
import type { z } from 'zod';
import { tokens, totems } from '../../db/schema/index';
import { fieldError, forbidden, notFound } from '../../http/errors';
import { clientIp, type AppContext, type AppEnv, type AuthTotem } from '../../http/context';
import { jsonBody } from '../../http/validation';
import { issueToken } from '../../auth/tokens';
import { sha256Hex } from '../../auth/sha256';
import { hashPassword, needsRehash, verifyPassword } from '../../auth/passwords';
import { presentShop } from '../../catalogue/present';
import { todayInRome } from '../../../src/domain/dates';
import { requireTotem, TotemLevel } from '../../staff/permissions';
import { issuePairingCode, redeemPairingCode, revokeTotem } from '../../staff/pairing';

const PAIR_PER_IP = { limit: 20, windowMs: 15 * 60_000 };
const PASSWORD_PER_TOTEM = { limit: 10, windowMs: 15 * 60_000 };
/** A kiosk stays paired for a year (a customer session lasts 30 days). */
const TOTEM_TOKEN_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/** Longer path segments are not a kiosk code (the staff lookups cut at the same length). */
const TOTEM_CODE_MAX = 64;

/** The totem settings of spec §3 with its shop and how to reach the realtime channels. */
function presentTotem(c: AppContext, totem: AuthTotem): z.input<typeof TotemSettingsSchema> {
  const { catalogue, realtime } = c.get('deps');
  const shop = catalogue.shopById(totem.shopId);
  if (!shop) throw notFound();
  return {
    // The column is a plain integer: the contract's three kiosk types are checked on the way out.
    type: TotemTypeSchema.parse(totem.type),
    code: totem.code,
    pos: totem.pos,
    data_security_user_optional: totem.dataSecurityUserOptional,
    server_url: totem.serverUrl,
    shop: presentShop(shop, c.get('locale'), todayInRome(c.get('deps').now())),
    realtime: {
      driver: realtime.driver,
      key: realtime.key,
      cluster: realtime.cluster,
      channel: shopChannel(totem.shopId),
      ws_path: realtime.driver === 'local' ? `/app/${realtime.key}` : null,
    },
  };
}

/** The kiosk named in the path, when the calling admin kiosk may manage it; 404 for another shop's. */
async function managedTotem(c: AppContext): Promise<AuthTotem> {
  const caller = requireTotem(c, TotemLevel.ADMIN);
  const code = (c.req.param('code') ?? '').toUpperCase().slice(0, TOTEM_CODE_MAX);
  const [target] = await c.get('deps').database.db.select().from(totems).where(eq(totems.code, code));
  if (!target || target.shopId !== caller.shopId) throw notFound();
  if (target.type > caller.type) throw forbidden();
  return target;
}

export const totemRoutes = new Hono<AppEnv>()
  .post('/v1/pair', async (c) => {
    const { limiter, database, now, demoPairingCodes } = c.get('deps');
    // Only wrong codes count (guessing); right ones never do, so a shop pairing its devices — or a
    // test run pairing dozens — is never held back, and a right code cannot reset the count.
    await limiter.check(`pair:${clientIp(c)}`, PAIR_PER_IP);
    const { code } = await jsonBody(c, PairRequestSchema);
    // A pending code is used up here: a second device typing it gets the same 422 as a wrong code.
    const totem = await redeemPairingCode(database.db, code, now(), demoPairingCodes);
    if (!totem) {
      await limiter.hit(`pair:${clientIp(c)}`, PAIR_PER_IP);
      throw fieldError('code', 'validators.invalid');
    }
    const token = await issueToken(database.db, { totemId: totem.id }, now());
    await database.db
      .update(tokens)
      .set({ expiresAt: new Date(now().getTime() + TOTEM_TOKEN_TTL_MS) })
      .where(eq(tokens.tokenHash, sha256Hex(token)));
    return c.json({ data: { ...presentTotem(c, totem), token } });
  })
  // Re-pairing: an admin kiosk makes a new one-time code for a kiosk of its shop (of its own type or
  // lower: a type-20 admin cannot make cash desks). The code is answered once and never stored plain.
  .post('/v1/totems/:code/pairing_code', async (c) => {
    const target = await managedTotem(c);
    const { code, expiresAt } = await issuePairingCode(c.get('deps').database.db, target, c.get('deps').now());
    const answer: z.input<typeof PairingCodeResponseSchema> = { data: { totem: target.code, pairing_code: code, expires_at: expiresAt.toISOString() } };
    return c.json(answer, 201);
  })
  // A lost or stolen device: every token of that kiosk ends (401 from its next call).
  .post('/v1/totems/:code/revoke', async (c) => {
    const target = await managedTotem(c);
    const revoked = await revokeTotem(c.get('deps').database.db, target);
    const answer: z.input<typeof RevokeTotemResponseSchema> = { data: { totem: target.code, revoked } };
    return c.json(answer);
  })
  .get('/v1/totem', (c) => {
    const answer: z.input<typeof TotemResponseSchema> = { data: presentTotem(c, requireTotem(c, TotemLevel.PUBLIC)) };
    return c.json(answer);
  })
  .post('/v1/totem/password', async (c) => {
    const totem = requireTotem(c, TotemLevel.PUBLIC);
    await c.get('deps').limiter.hit(`totem-password:${totem.id}`, PASSWORD_PER_TOTEM);
    const { password } = await jsonBody(c, TotemPasswordRequestSchema);
    if (!(await verifyPassword(password, totem.passwordHash))) throw fieldError('password', 'validators.invalid');
    await c.get('deps').limiter.reset(`totem-password:${totem.id}`);
    if (needsRehash(totem.passwordHash)) {
      // As a customer's login does: the password is at hand only now (older scrypt parameters).
      const rehashed = await hashPassword(password);
      await c.get('deps').database.db
        .update(totems)
        .set({ passwordHash: rehashed })
        .where(and(eq(totems.id, totem.id), eq(totems.passwordHash, totem.passwordHash)));
    }
    const answer: z.input<typeof TotemPasswordResponseSchema> = { data: { valid: true } };
    return c.json(answer);
  });
