// The configuration's simulated POS answers "paid" without calling a terminal: anyone with the
// configuration password could record every payment with no card charged. The server allows it in
// demo mode only (DEMO_DATA, off with NODE_ENV=production): it says so in the kiosk's
// settings, and refuses a payment the simulated POS took anywhere else.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '~server/db/schema/index';
import { testDrivers } from '../support/databases';
import { day } from '../support/orders';
import { call, pairedKiosks, placeOrder, totemOf } from '../support/staff';

describe.each(testDrivers)('the simulated POS on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);

  /** Runs `work` with the server out of demo mode (a production server), then back in it. */
  async function outsideDemo<T>(work: () => Promise<T>): Promise<T> {
    api.deps.demoData = false;
    try {
      return await work();
    } finally {
      api.deps.demoData = true;
    }
  }

  /** A payment the desk charged under its claim, as `POST v1/orders/{id}/pay` records it. */
  async function charge(from: number, extra: object) {
    const order = await placeOrder(api, { from: day(from) });
    const attempt = randomUUID();
    expect((await call(api, 'POST', `/api/v1/orders/${order.id}/payment_claim`, k.cash, { attempt })).status).toBe(200);
    const body = { date: new Date().toISOString(), pos_log: { fake: true }, attempt, amount: order.total_amount, ...extra };
    return { order, pay: () => call(api, 'POST', `/api/v1/orders/${order.id}/pay`, k.cash, body) };
  }

  it('tells the kiosk whether the simulated POS is allowed: in demo mode only', async () => {
    const paired = await call(api, 'POST', '/api/v1/pair', undefined, { code: totemOf('BARD-03').pairingCode });
    expect(paired.body.data.simulated_pos_allowed).toBe(true);
    expect((await call(api, 'GET', '/api/v1/totem', k.cash)).body.data.simulated_pos_allowed).toBe(true);
    const settings = await outsideDemo(() => call(api, 'GET', '/api/v1/totem', k.cash));
    expect([settings.status, settings.body.data.simulated_pos_allowed]).toEqual([200, false]);
  });

  it('refuses a payment taken by the simulated POS outside demo mode (403), the order left unpaid', async () => {
    const { order, pay } = await charge(3, { simulated: true });
    const refused = await outsideDemo(pay);
    expect(refused).toEqual({ status: 403, body: { message: 'Il POS simulato non registra pagamenti su questo server: usa il terminale' } });
    const [row] = await api.deps.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.paidAt).toBeNull();
  });

  it('records a terminal payment outside demo mode, and a simulated one in demo mode marked as such', async () => {
    const real = await charge(4, {});
    expect((await outsideDemo(real.pay)).status).toBe(200);
    const demo = await charge(5, { simulated: true });
    expect((await demo.pay()).status).toBe(200);
    const [row] = await api.deps.database.db.select().from(orders).where(eq(orders.id, demo.order.id));
    expect(row!.paymentLog).toMatchObject({ simulated: true, totem: 'BARD-03' });
  });
});
