// Demo kiosks (totems), documented in server/README.md: three for Bardonecchia Sport Rent (public kiosk,
// totem admin, admin + cash desk) and a cash desk for Sport Noleggio Sestriere. Their codes and
// passwords are published, so they are seeded only in demo mode (server/db/seed/index.ts: off with
// NODE_ENV=production unless DEMO_DATA=1; a start outside it retires them, server/db/seed/demo.ts);
// a production kiosk is made with
// `npm run totem -- create`. Idempotent: a database without them gets them on its next start in
// demo mode, and nothing is duplicated.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { totems } from '../schema/index';
import { hashPassword, type ScryptParams } from '~server/auth/passwords';
import { RETIRED_PASSWORD } from './accounts';

export interface DemoTotem {
  code: string;
  type: 10 | 20 | 30;
  shopId: number;
  /**
   * Published in server/README.md: accepted (by any number of devices, for the demo and the e2e tests)
   * only in demo mode, see server/staff/pairing.ts.
   */
  pairingCode: string;
  password: string;
  pos: string | null;
  dataSecurityUserOptional: boolean;
}

/** Where the kiosks find the payment-terminal simulator `npm start` runs (POS_PORT, default 4323). */
export const DEMO_POS_URL = 'http://localhost:4323';
/** The simulator's address on another POS_PORT: the demo's kiosk browser runs on the same machine. */
export const demoPosUrl = (port: number) => `http://localhost:${port}`;
/** A terminal address the demo set (the simulator on this machine), as opposed to one staff typed. */
const DEMO_POS_PATTERN = /^http:\/\/localhost:\d+$/;

export const DEMO_TOTEMS: readonly DemoTotem[] = [
  { code: 'BARD-01', type: 10, shopId: 6, pairingCode: 'BARD-KIOSK-10', password: 'Chiosco-10!', pos: null, dataSecurityUserOptional: false },
  { code: 'BARD-02', type: 20, shopId: 6, pairingCode: 'BARD-ADMIN-20', password: 'Admin-20!', pos: null, dataSecurityUserOptional: true },
  { code: 'BARD-03', type: 30, shopId: 6, pairingCode: 'BARD-CASSA-30', password: 'Cassa-30!', pos: DEMO_POS_URL, dataSecurityUserOptional: true },
  { code: 'SEST-01', type: 30, shopId: 1, pairingCode: 'SEST-CASSA-30', password: 'Cassa-Sestriere-30!', pos: DEMO_POS_URL, dataSecurityUserOptional: true },
];


/**
 * Adds the demo kiosks missing from the database and gives a retired one (server/db/seed/demo.ts)
 * its published password back; true when it changed any.
 */
export async function seedKiosk(db: Db, hashing: ScryptParams, posUrl = DEMO_POS_URL): Promise<boolean> {
  const existing = await db
    .select({ id: totems.id, code: totems.code, passwordHash: totems.passwordHash, pos: totems.pos })
    .from(totems)
    .where(inArray(totems.code, DEMO_TOTEMS.map((t) => t.code)));
  // The demo cash desks follow the simulator to the port it runs on today (POS_PORT); a terminal
  // address staff typed in the configuration stays theirs.
  for (const row of existing) {
    if (row.pos !== null && row.pos !== posUrl && DEMO_POS_PATTERN.test(row.pos)) {
      await db.update(totems).set({ pos: posUrl }).where(eq(totems.id, row.id));
    }
  }
  const retired = existing.filter((r) => r.passwordHash === RETIRED_PASSWORD);
  for (const row of retired) {
    const demo = DEMO_TOTEMS.find((t) => t.code === row.code)!;
    await db.update(totems).set({ passwordHash: await hashPassword(demo.password, hashing) }).where(eq(totems.id, row.id));
  }
  const have = new Set(existing.map((r) => r.code));
  const missing = DEMO_TOTEMS.filter((t) => !have.has(t.code));
  if (missing.length === 0) return retired.length > 0;
  await db
    .insert(totems)
    .values(
      await Promise.all(
        missing.map(async (t) => ({
          code: t.code,
          type: t.type,
          shopId: t.shopId,
          // The demo codes are published, not pending one-time codes: server/staff/pairing.ts knows them.
          passwordHash: await hashPassword(t.password, hashing),
          pos: t.pos === null ? null : posUrl,
          dataSecurityUserOptional: t.dataSecurityUserOptional,
          serverUrl: null,
        })),
      ),
    )
    .onConflictDoNothing();
  return true;
}
