// An edit or a cancellation racing a hand-out: once a unit of the order is out, both are
// refused with the same answer (410, "already handed out"), whether the delivery landed before the
// request was read or while it was being written; never a 500, never a cancelled order with units
// out, never a delivery of a cancelled order. The write decides under the order's row lock
// (server/orders/hand-outs.ts).
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outcome } from '../support/contract';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { deliveryDetails, orders } from '~server/db/schema/index';
import { testDrivers } from '../support/databases';
import { day, orderForm, pick } from '../support/orders';
import { call, pairedKiosks, placeOrder, SHOP, unit, type Call, type StaffOrderJson } from '../support/staff';

const HANDED_OUT = "L'attrezzatura di questo ordine è già stata consegnata: l'ordine non può più essere modificato né annullato";
const CITYBIKES = 6;

describe.each(testDrivers)('edits and cancellations racing a hand-out on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);
  let nextDay = 20;
  let nextUnit = 1;

  const db = () => api.deps.database.db;
  const order = async () => placeOrder(api, { from: day(nextDay++) });
  /** Hands out a city bike for the order's line (a new unit each time, back to 1 after the last). */
  const deliver = (o: StaffOrderJson) => {
    const code = unit('CITYBIKE', nextUnit);
    nextUnit = (nextUnit % CITYBIKES) + 1;
    return call(api, 'POST', '/api/v1/delivery', k.admin, { order_id: o.id, delivery_details: [{ internal_code: code, id_order_detail: o.order_detail_pools[0]!.order_details[0]!.id }] });
  };
  const pickUpAll = async (o: StaffOrderJson) => {
    const out = await db().select().from(deliveryDetails).where(eq(deliveryDetails.orderId, o.id));
    for (const d of out) {
      if (d.datetimeReturn) continue;
      const res = await call(api, 'POST', `/api/v1/delivery_details/${d.id}/reset_delivery`, k.admin);
      expect(res.status).toBe(200);
    }
  };
  const cancel = (o: StaffOrderJson, token?: string) => call(api, 'DELETE', `/api/v1/orders/${o.uuid}?date=${day(0)}`, token);
  /** The guest link's edit moving the order to snowshoes on another day (other products than the bike). */
  const edit = async (o: StaffOrderJson, token?: string): Promise<Call> => {
    const from = day(nextDay++);
    const { main } = await pick(api, SHOP, 'CIASPOLE', { from, to: from });
    const res = await api.request(`/api/v1/orders/${o.uuid}`, { method: 'POST', body: orderForm({ from, cart: [{ prices: [main.id] }], extra: { _method: 'PATCH' } }), token });
    return { status: res.status, body: await outcome(res, OrderEnvelopeSchema) };
  };
  /** What every outcome must keep: a cancelled order has no units out, and nothing answered 5xx. */
  async function consistent(o: StaffOrderJson, change: Call, delivery: Call) {
    expect(change.status, JSON.stringify(change.body)).toBeLessThan(500);
    expect(delivery.status, JSON.stringify(delivery.body)).toBeLessThan(500);
    expect([change.status, delivery.status]).not.toEqual([200, 200]);
    const [row] = await db().select().from(orders).where(eq(orders.id, o.id));
    const out = await db().select().from(deliveryDetails).where(eq(deliveryDetails.orderId, o.id));
    if (row!.status === 'cancelled') expect(out).toEqual([]);
    if (delivery.status === 200) {
      expect(out).toHaveLength(1);
      expect(change).toMatchObject({ status: 410, body: { message: HANDED_OUT } });
    }
    if (out.length > 0) await pickUpAll(o);
  }

  it('after a hand-out, the edit and the cancellation answer 410 "already handed out", for the customer and for staff', async () => {
    const o = await order();
    expect((await deliver(o)).status).toBe(200);
    for (const token of [undefined, k.admin]) {
      expect(await cancel(o, token)).toMatchObject({ status: 410, body: { message: HANDED_OUT } });
      expect(await edit(o, token)).toMatchObject({ status: 410, body: { message: HANDED_OUT } });
    }
    const [row] = await db().select().from(orders).where(eq(orders.id, o.id));
    expect(row).toMatchObject({ status: 'confirmed', dateFrom: o.date_from });
    await pickUpAll(o);
  });

  it('a cancellation first: the delivery is refused (410), nothing goes out', async () => {
    const o = await order();
    expect((await cancel(o)).status).toBe(200);
    expect(await deliver(o)).toMatchObject({ status: 410 });
    expect(await db().select().from(deliveryDetails).where(eq(deliveryDetails.orderId, o.id))).toEqual([]);
  });

  it('concurrent requests: a delivery with a cancellation, a delivery with an edit', async () => {
    for (let round = 0; round < 4; round++) {
      const a = await order();
      const [cancelled, delivered] = await Promise.all([cancel(a), deliver(a)]);
      await consistent(a, cancelled, delivered);
      const b = await order();
      const [edited, delivered2] = await Promise.all([edit(b), deliver(b)]);
      await consistent(b, edited, delivered2);
    }
  });

  // PostgreSQL only: a test transaction holds the order's row so that the change is caught between
  // its first check and its write, and the delivery lands right then (PGlite runs one transaction
  // at a time: there the concurrent requests above are the race).
  it.runIf(driver.name === 'postgres')('a delivery landing between the first check and the write of a cancellation or an edit', async () => {
    const waiting = async () => {
      const res = await db().execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
      return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    const waitFor = async (n: number) => {
      for (let i = 0; i < 250; i++) {
        if ((await waiting()) >= n) return;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`never ${n} waiting`);
    };
    for (const change of [cancel, edit] as const) {
      const o = await order();
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let held!: () => void;
      const holding = new Promise<void>((r) => (held = r));
      const holder = db().transaction(async (tx) => {
        await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, o.id)).for('share');
        held();
        await released;
      });
      await holding;
      const changing = change(o);
      await waitFor(1);
      const delivering = deliver(o);
      await Promise.race([delivering, waitFor(2)]);
      release();
      await holder;
      await consistent(o, await changing, await delivering);
    }
  });
});
