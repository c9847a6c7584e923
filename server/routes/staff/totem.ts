// The kiosk itself: pairing a device with a one-time code (server/staff/pairing.ts), its settings
// and the configuration password checked here (server/staff/kiosk-password.ts; never shipped in the
// site's JavaScript). What an admin kiosk does to the shop's kiosks (codes, revoke, passwords) is in
// totems.ts, the queue push in queue.ts, the cashier close in cashier.ts.
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { PairRequestSchema, TotemPasswordRequestSchema } from '~/api/contract/staff';
import { shopChannel } from '~/api/contract/realtime';
import type { TotemPasswordResponseSchema, TotemResponseSchema, TotemSettingsSchema } from '~/api/contract/staff';
import { TotemTypeSchema } from '~/api/contract/kiosk';
import type { z } from 'zod';
import { tokens } from '~server/db/schema/index';
import { fieldError, notFound } from '~server/http/errors';
import { clientIp, type AppContext, type AppEnv, type AuthTotem } from '~server/http/context';
import { jsonBody } from '~server/http/validation';
import { issueToken } from '~server/auth/tokens';
import { sha256Hex } from '~server/auth/sha256';
import { presentShop } from '~server/catalogue/present';
import { todayInRome } from '~/domain/dates';
import { requireTotem, TotemLevel } from '~server/staff/permissions';
import { redeemPairingCode } from '~server/staff/pairing';
import { assertKioskPassword } from '~server/staff/kiosk-password';

const PAIR_PER_IP = { limit: 20, windowMs: 15 * 60_000 };
/** A kiosk stays paired for a year (a customer session lasts 30 days). */
const TOTEM_TOKEN_TTL_MS = 365 * 24 * 60 * 60 * 1000;

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
    // The simulated POS records payments without a card: demo mode only (POST v1/orders/{id}/pay).
    simulated_pos_allowed: c.get('deps').demoData,
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

export const totemRoutes = new Hono<AppEnv>()
  .post('/v1/pair', async (c) => {
    const { limiter, database, now, demoData } = c.get('deps');
    // Only wrong codes count (guessing); right ones never do, so a shop pairing its devices — or a
    // test run pairing dozens — is never held back, and a right code cannot reset the count.
    await limiter.check(`pair:${clientIp(c)}`, PAIR_PER_IP);
    const { code } = await jsonBody(c, PairRequestSchema);
    // A pending code is used up here: a second device typing it gets the same 422 as a wrong code.
    const redeemed = await redeemPairingCode(database.db, code, now(), demoData);
    if (!redeemed) {
      await limiter.hit(`pair:${clientIp(c)}`, PAIR_PER_IP);
      throw fieldError('code', 'validators.invalid');
    }
    const { totem, demoCode } = redeemed;
    const token = await issueToken(database.db, { totemId: totem.id }, now());
    await database.db
      .update(tokens)
      .set({ expiresAt: new Date(now().getTime() + TOTEM_TOKEN_TTL_MS), demoCode })
      .where(eq(tokens.tokenHash, sha256Hex(token)));
    return c.json({ data: { ...presentTotem(c, totem), token } });
  })
  .get('/v1/totem', (c) => {
    const answer: z.input<typeof TotemResponseSchema> = { data: presentTotem(c, requireTotem(c, TotemLevel.PUBLIC)) };
    return c.json(answer);
  })
  .post('/v1/totem/password', async (c) => {
    const totem = requireTotem(c, TotemLevel.PUBLIC);
    const { password } = await jsonBody(c, TotemPasswordRequestSchema);
    await assertKioskPassword(c, totem, password);
    const answer: z.input<typeof TotemPasswordResponseSchema> = { data: { valid: true } };
    return c.json(answer);
  });
