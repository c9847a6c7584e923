// Releasing a gone desk's payment claim: a claim holds the order against every other payment until
// it is recorded or released, so a desk that died (switched off, broken, its page lost) would block
// the order at every other desk for ever. Staff of the shop (admin kiosks and cash desks) release
// it with their kiosk's configuration password; the release is logged, and the gone desk's charge,
// if it was made, can no longer be recorded once another desk took the order.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { posLogs } from '~server/db/schema/index';
import { testDrivers } from '../support/databases';
import { day } from '../support/orders';
import { call, pair, pairedKiosks, placeOrder, totemOf } from '../support/staff';

const WRONG_PASSWORD = { message: 'Valore non valido', errors: { password: ['Valore non valido'] } };

describe.each(testDrivers)('releasing a payment claim on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);
  /** A second device paired as the cash desk: the desk that is still working. */
  let cash2: string;
  beforeAll(async () => {
    cash2 = await pair(api, totemOf('BARD-03').pairingCode);
  });

  const claim = (id: number, attempt: string, token = k.cash) => call(api, 'POST', `/api/v1/orders/${id}/payment_claim`, token, { attempt });
  const holder = (id: number, token = k.admin) => call(api, 'GET', `/api/v1/orders/${id}/payment_claim`, token);
  const releaseBy = (id: number, token: string, body: object) => call(api, 'POST', `/api/v1/orders/${id}/payment_claim/release`, token, body);
  const pay = (id: number, attempt: string, amount: number, token = k.cash) =>
    call(api, 'POST', `/api/v1/orders/${id}/pay`, token, { date: new Date().toISOString(), pos_log: { ok: true }, attempt, amount });
  const adminRelease = { password: totemOf('BARD-02').password, totem: 'BARD-03' };

  it('frees the order from a gone desk, with the password; another desk then pays and the gone desk cannot record', async () => {
    const order = await placeOrder(api, { from: day(3) });
    const gone = randomUUID();
    expect((await claim(order.id, gone)).status).toBe(200);
    const seen = await holder(order.id);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toEqual({ totem: 'BARD-03', claimed_at: expect.any(String) });
    // Blocked at the other desk, however long it waits.
    expect((await claim(order.id, randomUUID(), cash2)).status).toBe(409);

    expect(await releaseBy(order.id, k.admin, { ...adminRelease, password: 'nope' })).toEqual({ status: 422, body: WRONG_PASSWORD });
    expect((await claim(order.id, randomUUID(), cash2)).status).toBe(409);
    const released = await releaseBy(order.id, k.admin, adminRelease);
    expect(released.status).toBe(200);
    expect(released.body.data).toMatchObject({ id: order.id, paid: false });
    expect((await holder(order.id)).body.data).toBeNull();

    const next = randomUUID();
    expect((await claim(order.id, next, cash2)).status).toBe(200);
    expect((await pay(order.id, next, order.total_amount, cash2)).status).toBe(200);
    // The gone desk comes back with a charge: money to give back, never a second payment.
    const late = await pay(order.id, gone, order.total_amount);
    expect([late.status, late.body.message]).toEqual([410, "L'ordine è già stato pagato"]);
  });

  it('writes who released whose claim, and when, to pos_logs', async () => {
    const order = await placeOrder(api, { from: day(4) });
    const gone = randomUUID();
    expect((await claim(order.id, gone)).status).toBe(200);
    const at = new Date(Date.now() + 60_000);
    api.setNow(at);
    try {
      expect((await releaseBy(order.id, cash2, { password: totemOf('BARD-03').password, totem: 'bard-03' })).status).toBe(200);
    } finally {
      api.setNow(new Date());
    }
    const logs = await api.deps.database.db.select().from(posLogs).where(eq(posLogs.orderNumber, order.number));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.date).toBe(at.toISOString());
    expect(logs[0]!.response).toEqual({ event: 'payment_claim_released', released_by: 'BARD-03', totem: 'BARD-03', attempt: gone, claimed_at: expect.any(String) });
  });

  it('releases only the desk staff were asked about: a claim of another desk is 409 naming it; no claim answers the order', async () => {
    const order = await placeOrder(api, { from: day(5) });
    expect((await claim(order.id, randomUUID())).status).toBe(200);
    const other = await releaseBy(order.id, k.admin, { ...adminRelease, totem: 'BARD-02' });
    expect([other.status, other.body.message]).toEqual([409, 'Pagamento in corso alla cassa BARD-03: attendi che finisca']);
    expect((await claim(order.id, randomUUID(), cash2)).status).toBe(409);
    expect((await releaseBy(order.id, k.admin, adminRelease)).status).toBe(200);
    // Released twice (two members of staff at once): the second finds nothing and logs nothing.
    const again = await releaseBy(order.id, k.admin, adminRelease);
    expect([again.status, again.body.data.id]).toEqual([200, order.id]);
    expect(await api.deps.database.db.select().from(posLogs).where(eq(posLogs.orderNumber, order.number))).toHaveLength(1);
  });

  it('is for admin kiosks and cash desks of the shop, with a password and a desk', async () => {
    const order = await placeOrder(api, { from: day(6) });
    expect((await claim(order.id, randomUUID())).status).toBe(200);
    expect((await releaseBy(order.id, k.public, { password: totemOf('BARD-01').password, totem: 'BARD-03' })).status).toBe(403);
    expect((await releaseBy(order.id, k.other, { password: totemOf('SEST-01').password, totem: 'BARD-03' })).status).toBe(404);
    expect((await holder(order.id, k.public)).status).toBe(403);
    expect((await holder(order.id, k.other)).status).toBe(404);
    const empty = await releaseBy(order.id, k.admin, {});
    expect([empty.status, empty.body.errors]).toEqual([422, { password: ['Campo obbligatorio'], totem: ['Campo obbligatorio'] }]);
    expect((await holder(order.id)).body.data).toMatchObject({ totem: 'BARD-03' });
  });

  // Last: it uses up BARD-02's password tries.
  it('counts its wrong passwords with the configuration password check of the same kiosk', async () => {
    const order = await placeOrder(api, { from: day(7) });
    expect((await claim(order.id, randomUUID())).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await releaseBy(order.id, k.admin, { ...adminRelease, password: `wrong-${i}` })).status).toBe(422);
    expect((await call(api, 'POST', '/api/v1/totem/password', k.admin, { password: totemOf('BARD-02').password })).status).toBe(429);
    expect((await releaseBy(order.id, k.admin, adminRelease)).status).toBe(429);
    expect((await holder(order.id)).body.data).toMatchObject({ totem: 'BARD-03' });
  });
});
