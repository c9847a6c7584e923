// `npm start` in demo mode names the logins and codes a newcomer needs (server/db/seed/demo.ts).
import { describe, expect, it } from 'vitest';
import { demoModeNotice } from '~server/db/seed/demo';
import { DEMO_COUPONS, DEMO_CUSTOMER } from '~server/db/seed/accounts';
import { DEMO_TOTEMS } from '~server/db/seed/kiosk';

describe('the demo mode notice at start', () => {
  const lines = demoModeNotice('http://localhost:4500');
  const text = lines.join('\n');

  it('gives the customer login, the card and the coupons that work, at the address the server listens on', () => {
    expect(text).toContain(`http://localhost:4500/login as ${DEMO_CUSTOMER.username} / ${DEMO_CUSTOMER.password}`);
    expect(text).toContain(DEMO_CUSTOMER.fidelityCard);
    for (const coupon of DEMO_COUPONS) (coupon.blocked ? expect(text).not : expect(text)).toContain(coupon.code);
  });

  it("gives every demo kiosk's pairing code and password, and where to type it", () => {
    expect(text).toContain('http://localhost:4500/pair');
    for (const kiosk of DEMO_TOTEMS) expect(text).toContain(`${kiosk.pairingCode} (${kiosk.code}, password ${kiosk.password})`);
  });

  it('is a few lines, each marked as demo mode', () => {
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.startsWith('[demo] ')).toBe(true);
  });
});
