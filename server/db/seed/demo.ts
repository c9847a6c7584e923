// Demo mode (DEMO_DATA, on unless NODE_ENV=production) is one switch for every record whose secret
// the repository publishes: the demo customer and their password, the loyalty card, the coupons,
// the customer's past orders, the demo kiosks with their passwords and pairing codes. Demo mode
// seeds them; a start outside it retires whatever of them a database first used in demo mode
// still holds, and says what it found, one line each. Retiring keeps the rows (orders and
// payments refer to them) and takes their power away: no password verifies, the card and coupons
// are refused, the demo kiosks' devices are unpaired. A kiosk made with `npm run totem -- create`
// is never touched: demo kiosk codes are reserved (server/staff/kiosks.ts).
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../client';
import { coupons, fidelityCards, tokens, totems, users } from '../schema/index';
import { verifyPassword } from '~server/auth/passwords';
import { revokeTotem } from '~server/staff/pairing';
import { DEMO_COUPONS, DEMO_CUSTOMER, RETIRED_PASSWORD } from './accounts';
import { DEMO_TOTEMS } from './kiosk';

const HOW_TO_KEEP = 'DEMO_DATA=1 keeps demo mode on';

/**
 * Outside demo mode: retires the demo records a database holds and returns one line for each it
 * retired (nothing when there was none, or they were retired by an earlier start).
 */
export async function retireDemoData(db: Db, now: Date): Promise<string[]> {
  const lines: string[] = [];
  const [customer] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, DEMO_CUSTOMER.username), ne(users.passwordHash, RETIRED_PASSWORD)));
  if (customer) {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash: RETIRED_PASSWORD }).where(eq(users.id, customer.id));
      // Sessions opened with the published password end with it.
      await tx.delete(tokens).where(eq(tokens.userId, customer.id));
    });
    lines.push(`[demo] the demo customer ${DEMO_CUSTOMER.username} (password published in README.md) can no longer log in; ${HOW_TO_KEEP}`);
  }
  const cards = await db
    .update(fidelityCards)
    .set({ active: 0 })
    .where(and(eq(fidelityCards.number, DEMO_CUSTOMER.fidelityCard), eq(fidelityCards.active, 1)))
    .returning({ number: fidelityCards.number });
  for (const card of cards) lines.push(`[demo] the demo loyalty card ${card.number} is refused from now on; ${HOW_TO_KEEP}`);
  const blocked = await db
    .update(coupons)
    .set({ blocked: true })
    .where(and(inArray(coupons.code, DEMO_COUPONS.map((c) => c.code)), eq(coupons.blocked, false)))
    .returning({ code: coupons.code });
  for (const coupon of blocked) lines.push(`[demo] the demo coupon ${coupon.code} is blocked from now on; ${HOW_TO_KEEP}`);
  lines.push(...(await retireDemoKiosks(db, now)));
  return lines;
}

/**
 * A demo kiosk still on its published password is revoked whole: its password no longer opens it,
 * its devices are unpaired, its pending codes and those it minted end. A demo kiosk whose password
 * was changed keeps it, and loses the devices paired with its published code only.
 */
async function retireDemoKiosks(db: Db, now: Date): Promise<string[]> {
  const lines: string[] = [];
  const rows = await db.select().from(totems).where(inArray(totems.code, DEMO_TOTEMS.map((t) => t.code)));
  for (const row of rows) {
    const demo = DEMO_TOTEMS.find((t) => t.code === row.code)!;
    // Costs a hash each, at start only, and only for the few demo kiosks a database can hold.
    if (await verifyPassword(demo.password, row.passwordHash)) {
      await db.update(totems).set({ passwordHash: RETIRED_PASSWORD }).where(eq(totems.id, row.id));
      const revoked = await revokeTotem(db, row, now);
      lines.push(
        `[demo] kiosk ${row.code} still had its published password: revoked (${revoked.tokens} device(s) unpaired, ${revoked.codes} pairing code(s) cancelled); ` +
          `to use it: npm run totem -- password ${row.code}, then npm run totem -- pairing-code ${row.code}`,
      );
      continue;
    }
    const unpaired = await db
      .delete(tokens)
      .where(and(eq(tokens.totemId, row.id), eq(tokens.demoCode, true)))
      .returning({ id: tokens.id });
    if (unpaired.length > 0) {
      lines.push(
        `[demo] kiosk ${row.code}: ${unpaired.length} device(s) paired with the published code ${demo.pairingCode} unpaired; ` +
          `pair them again with npm run totem -- pairing-code ${row.code}`,
      );
    }
  }
  return lines;
}

/**
 * What `npm start` says in demo mode, after the address: the logins and codes a newcomer needs to
 * try the shop and the kiosks, so nobody has to find them two links deep in the READMEs.
 */
export function demoModeNotice(siteUrl: string): string[] {
  const kiosks = DEMO_TOTEMS.map((t) => `${t.pairingCode} (${t.code}, password ${t.password})`).join(', ');
  const offered = DEMO_COUPONS.filter((c) => !c.blocked).map((c) => c.code).join(' and ');
  return [
    `[demo] demo mode (DEMO_DATA, off with NODE_ENV=production): log in at ${siteUrl}/login as ${DEMO_CUSTOMER.username} / ${DEMO_CUSTOMER.password}; loyalty card ${DEMO_CUSTOMER.fidelityCard}; coupons ${offered}`,
    `[demo] kiosks: open ${siteUrl}/pair and type a pairing code: ${kiosks}`,
  ];
}
