// The shop's live board: GET v1/totem/board answers today's (Rome) orders of the
// kiosk's shop — starting or ending today, queued today, handed out today — confirmed only, with no
// contact data; push_in_queue stores queued_at. Every answer is parsed with the contract.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOARD_ORDER_LIMIT, BoardEnvelopeSchema, PushInQueueResponseSchema, type BoardOrder } from '~/api/contract/board';
import { classifyBoard } from '~/domain/board';
import { daysBetween, parseRomeDateTime } from '~/domain/dates';
import { orders } from '~server/db/schema/index';
import { testDrivers } from '../support/databases';
import { day, login } from '../support/orders';
import { call, OTHER_SHOP, pairedKiosks, placeOrder, unit } from '../support/staff';
import { inSeasonDay } from '../support/season';

/** Noon in Rome today: far from either midnight, so "today" cannot change during the run. */
const NOON = () => parseRomeDateTime(`${day(0)} 12:00`);

describe.each(testDrivers)('the board on $name', (driver) => {
  const { api, k } = pairedKiosks(driver, { now: NOON() });
  let customer: string;
  beforeAll(async () => {
    customer = await login(api);
  });

  async function board(token = k.public) {
    const res = await call(api, 'GET', '/api/v1/totem/board', token);
    expect(res.status).toBe(200);
    return BoardEnvelopeSchema.parse(res.body).data;
  }
  const find = (orders: BoardOrder[], id: number) => orders.find((o) => o.id === id);
  // Pushed by the admin kiosk: a public one pushes only its own fresh orders (public-kiosk-limits.test.ts).
  const push = (ref: string | number, token = k.admin) => call(api, 'POST', '/api/v1/totem/push_in_queue', token, { order: ref });
  const at = (time: string, offset = 0) => {
    api.setNow(parseRomeDateTime(`${day(offset)} ${time}`));
  };

  it("lists today's orders to prepare, with what a wall may show and nothing more", async () => {
    const today = await placeOrder(api, { from: day(0), count: 2, addOns: ['CASCO'] });
    const tomorrow = await placeOrder(api, { from: day(1) });
    const data = await board();
    expect(data.date).toBe(day(0));
    expect(data.truncated).toBe(false);
    const entry = find(data.orders, today.id);
    expect(entry).toEqual({
      id: today.id,
      number: today.number,
      first_name: today.first_name,
      last_initial: `${today.last_name[0]!.toUpperCase()}.`,
      date_from: day(0),
      date_to: day(0),
      paid: false,
      queued_at: null,
      delivered_at: null,
      units_out: 0,
      // Two bikes, each with a helmet: the helmets are add-ons, not items.
      items: 2,
    });
    // Privacy: a wall never receives contact data, the full last name or the guest link's uuid.
    for (const field of ['phone', 'email', 'last_name', 'uuid']) expect(entry).not.toHaveProperty(field);
    expect(find(data.orders, tomorrow.id)).toBeUndefined();
    expect(classifyBoard(data.orders, data.date).prepare.map((o) => o.id)).toContain(today.id);
  });

  it('push_in_queue stores queued_at (one conditional update) and the order appears in the queue, whatever its dates', async () => {
    const order = await placeOrder(api, { from: day(3), token: customer });
    expect(find((await board()).orders, order.id)).toBeUndefined();
    at('10:15');
    const res = await push(order.number);
    expect(res.status).toBe(200);
    const answer = PushInQueueResponseSchema.parse(res.body).data;
    expect(answer).toMatchObject({ id: order.id, number: order.number, status: 'confirmed' });
    expect(new Date(answer.queued_at).getTime()).toBe(parseRomeDateTime(`${day(0)} 10:15`).getTime());
    const [row] = await api.deps.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.queuedAt!.toISOString()).toBe(answer.queued_at);
    at('12:00');
    const data = await board();
    expect(find(data.orders, order.id)).toMatchObject({ queued_at: answer.queued_at, date_from: day(3) });
    expect(classifyBoard(data.orders, data.date).queue.map((o) => o.id)).toEqual([order.id]);
    // The order page (customer or staff) carries the same time.
    const seen = await call(api, 'GET', `/api/v1/orders/${order.id}`, k.admin);
    expect(seen.body.data.queued_at).toBe(answer.queued_at);
  });

  it('a queueing of yesterday (Rome) is not on the board today, even close to midnight', async () => {
    const order = await placeOrder(api, { from: day(4) });
    at('23:50', -1);
    expect((await push(order.id)).status).toBe(200);
    at('12:00');
    expect(find((await board()).orders, order.id)).toBeUndefined();
    at('00:05');
    expect((await push(order.id)).status).toBe(200);
    at('12:00');
    expect(find((await board()).orders, order.id)).toBeTruthy();
  });

  it('a delivered order moves (delivered today, then due back), and leaves once everything is back', async () => {
    const order = await placeOrder(api, { from: day(0), to: day(2) });
    expect((await push(order.id)).status).toBe(200);
    const line = order.order_detail_pools[0]!.order_details[0]!.id;
    const delivered = await call(api, 'POST', '/api/v1/delivery', k.admin, { order_id: order.id, delivery_details: [{ internal_code: unit('CITYBIKE', 3), id_order_detail: line }] });
    expect(delivered.status).toBe(200);
    let data = await board();
    const entry = find(data.orders, order.id)!;
    expect(entry).toMatchObject({ units_out: 1, delivered_at: NOON().toISOString() });
    let columns = classifyBoard(data.orders, data.date);
    expect(columns.queue.map((o) => o.id)).not.toContain(order.id);
    expect(columns.delivered.map((o) => o.id)).toContain(order.id);

    // Two days later it is due back: still on the board though it started and was handed out earlier.
    api.setNow(parseRomeDateTime(`${day(2)} 12:00`));
    try {
      data = await board();
      columns = classifyBoard(data.orders, data.date);
      expect(columns.returns.map((o) => o.id)).toContain(order.id);
      expect((await call(api, 'POST', '/api/v1/pickup', k.admin, { items: [{ internal_code: unit('CITYBIKE', 3) }] })).status).toBe(200);
      const back = find((await board()).orders, order.id)!;
      expect(back.units_out).toBe(0);
      expect(classifyBoard([back], day(2)).returns).toEqual([]);
    } finally {
      at('12:00');
    }
  });

  it("never shows another shop's orders; each shop's kiosks see their own", async () => {
    // The other shop rents in its season only: the board's day is one it is open.
    const open = daysBetween(day(0), inSeasonDay(OTHER_SHOP, 0));
    at('12:00', open);
    try {
      const elsewhere = await placeOrder(api, { from: day(open), shop: OTHER_SHOP, code: 'CIASPOLE' });
      const ours = await placeOrder(api, { from: day(open) });
      expect(find((await board(k.public)).orders, elsewhere.id)).toBeUndefined();
      expect(find((await board(k.cash)).orders, elsewhere.id)).toBeUndefined();
      const theirs = await board(k.other);
      expect(find(theirs.orders, elsewhere.id)).toBeTruthy();
      expect(find(theirs.orders, ours.id)).toBeUndefined();
      // Nor can a kiosk push another shop's order in its queue: it does not exist for it.
      expect((await push(elsewhere.id)).status).toBe(404);
    } finally {
      at('12:00');
    }
  });

  it('is for kiosks only: no token 401, a customer 403', async () => {
    const anonymous = await call(api, 'GET', '/api/v1/totem/board');
    expect(anonymous.status).toBe(401);
    expect(typeof anonymous.body.message).toBe('string');
    expect((await call(api, 'GET', '/api/v1/totem/board', customer)).status).toBe(403);
    for (const token of [k.public, k.admin, k.cash]) expect((await call(api, 'GET', '/api/v1/totem/board', token)).status).toBe(200);
  });

  it('leaves cancelled orders out, and refuses to queue them (410)', async () => {
    const order = await placeOrder(api, { from: day(0) });
    expect((await push(order.id)).status).toBe(200);
    expect(find((await board()).orders, order.id)).toBeTruthy();
    expect((await call(api, 'DELETE', `/api/v1/orders/${order.id}?date=${day(0)}`, k.admin)).status).toBe(200);
    expect(find((await board()).orders, order.id)).toBeUndefined();
    const refused = await push(order.number);
    expect(refused.status).toBe(410);
    expect(typeof refused.body.message).toBe('string');
    expect((await push('06-9999999')).status).toBe(404);
  });

  // Last: it fills today with more orders than a board carries.
  it(`carries at most ${BOARD_ORDER_LIMIT} orders, the newest, and says it left some out`, async () => {
    const [template] = await api.deps.database.db.select().from(orders).where(eq(orders.shopId, 6)).limit(1);
    const extra = BOARD_ORDER_LIMIT + 1;
    await api.deps.database.db.execute(sql`
      insert into ${orders} (uuid, shop_id, mode, date_from, date_to, days, first_name, last_name, phone, email,
        total_amount, original_total_amount, total_tax, total_taxable)
      select gen_random_uuid()::text, ${template!.shopId}, 2, ${day(0)}, ${day(0)}, 1, 'Bulk', 'Order', '+39 333 0000000',
        'bulk@example.com', 10, 10, 1.8, 8.2
      from generate_series(1, ${extra})`);
    const data = await board();
    expect(data.orders).toHaveLength(BOARD_ORDER_LIMIT);
    expect(data.truncated).toBe(true);
    const ids = data.orders.map((o) => o.id);
    const [newest] = await api.deps.database.db.select({ id: orders.id }).from(orders).orderBy(sql`${orders.id} desc`).limit(1);
    expect(ids).toContain(newest!.id);
  });
});
