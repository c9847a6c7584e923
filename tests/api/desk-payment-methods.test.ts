// Payments by method at the cash desk (POST v1/orders/{id}/desk_payments, GET v1/totem/cashier_day, the
// close per method): cash with change, a card or transfer outside the terminal, a split of cash and
// the terminal recorded once under its claim, a wrong total refused on its field, the same
// Idempotency-Key twice recording one payment, the order answer listing its payments, and the
// day's totals by method in the close. On PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderPayments } from '~server/db/schema/index';
import { IDEMPOTENCY_HEADER } from '~/api/contract/idempotency';
import { CashierDayResponseSchema } from '~/api/contract/desk-payments';
import { CloseCashierResponseSchema } from '~/api/contract/staff';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { todayInRome } from '~/domain/dates';
import { testDrivers } from '../support/databases';
import { day } from '../support/orders';
import { call, pairedKiosks, placeOrder } from '../support/staff';

describe.each(testDrivers)('payments by method at the cash desk on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);

  // One moment for every request: a retry sends the same body, as the desk does.
  const date = new Date().toISOString();
  async function pay(orderId: number, body: Record<string, unknown>, key: string = randomUUID(), token = k.cash) {
    const res = await api.request(`/api/v1/orders/${orderId}/desk_payments`, {
      method: 'POST',
      token,
      json: { date, ...body },
      headers: { [IDEMPOTENCY_HEADER]: key },
    });
    return { status: res.status, body: (await res.json()) as { errors?: Record<string, string[]>; data?: unknown }, replayed: res.headers.get('idempotent-replayed') === 'true' };
  }
  const order = async (n: number) => {
    const placed = await placeOrder(api, { from: day(n) });
    const read = await call(api, 'GET', `/api/v1/orders/${placed.id}`, k.cash);
    return read.body.data;
  };
  const rows = async (orderId: number) => {
    const [row] = await api.deps.database.db.select({ n: count() }).from(orderPayments).where(eq(orderPayments.orderId, orderId));
    return row!.n;
  };

  it('takes cash with change and lists it in the order answer', async () => {
    const o = await order(30);
    const res = await pay(o.id, { parts: [{ method: 'cash', amount: o.total_amount, received: o.total_amount + 7.5 }] });
    expect(res.status).toBe(200);
    const paid = OrderEnvelopeSchema.parse(res.body).data;
    expect(paid.paid).toBe(true);
    expect(paid.payments).toEqual([
      expect.objectContaining({ method: 'cash', amount: o.total_amount, received: o.total_amount + 7.5, change: 7.5, reference: null, totem: 'BARD-03' }),
    ]);
    // Read again: the answer of GET lists the same payment.
    const again = await call(api, 'GET', `/api/v1/orders/${o.id}`, k.cash);
    expect(again.body.data.payments).toHaveLength(1);
    expect(again.body.data.payments[0]!.paid_at).toBe(paid.paid_at);
  });

  it('records a card or transfer outside the terminal with its reference', async () => {
    const o = await order(31);
    const res = await pay(o.id, { parts: [{ method: 'transfer', amount: o.total_amount, reference: 'CRO 1234' }] });
    expect(res.status).toBe(200);
    expect(OrderEnvelopeSchema.parse(res.body).data.payments).toEqual([expect.objectContaining({ method: 'transfer', reference: 'CRO 1234', received: null, change: null })]);
  });

  it('refuses a total that does not match the order on the field, and records nothing', async () => {
    const o = await order(32);
    const res = await pay(o.id, { parts: [{ method: 'cash', amount: 10 }, { method: 'card', amount: 1 }] });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors!)).toEqual(['parts']);
    const short = await pay(o.id, { parts: [{ method: 'cash', amount: o.total_amount, received: 1 }] });
    expect(short.status).toBe(422);
    expect(Object.keys(short.body.errors!)).toEqual(['parts.0.received']);
    const same = await pay(o.id, { parts: [{ method: 'cash', amount: 1 }, { method: 'cash', amount: o.total_amount - 1 }] });
    expect(same.status).toBe(422);
    expect(Object.keys(same.body.errors!)).toEqual(['parts']);
    const noAttempt = await pay(o.id, { parts: [{ method: 'terminal', amount: o.total_amount }] });
    expect(noAttempt.status).toBe(422);
    expect(Object.keys(noAttempt.body.errors!)).toEqual(['attempt']);
    expect(await rows(o.id)).toBe(0);
    expect((await call(api, 'GET', `/api/v1/orders/${o.id}`, k.cash)).body.data.paid).toBe(false);
  });

  it('records a payment once for the same Idempotency-Key sent twice, and refuses a second payment', async () => {
    const o = await order(33);
    const key = randomUUID();
    const body = { parts: [{ method: 'cash', amount: o.total_amount, received: 100 }] };
    const [first, second] = await Promise.all([pay(o.id, body, key), pay(o.id, body, key)]);
    // Two at once: one runs, the other is told the key is in progress (or gets the first answer).
    const statuses = [first.status, second.status].sort();
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const replay = await pay(o.id, body, key);
    expect(replay).toMatchObject({ status: 200, replayed: true });
    expect(await rows(o.id)).toBe(1);
    // A double tap with a key of its own: the order is paid already.
    const other = await pay(o.id, body);
    expect(other.status).toBe(410);
    expect(await rows(o.id)).toBe(1);
  });

  it('splits cash and the terminal under the claim, recorded once, and keeps another desk out', async () => {
    const o = await order(34);
    const attempt = randomUUID();
    const claim = await call(api, 'POST', `/api/v1/orders/${o.id}/payment_claim`, k.cash, { attempt });
    expect(claim.status).toBe(200);
    // While this desk charges the card, a cash payment of the order (any desk) is refused.
    const meanwhile = await pay(o.id, { parts: [{ method: 'cash', amount: o.total_amount }] });
    expect(meanwhile.status).toBe(409);
    const rest = Math.round((o.total_amount - 5) * 100) / 100;
    const parts = [
      { method: 'cash', amount: 5, received: 5 },
      { method: 'terminal', amount: rest },
    ];
    const key = randomUUID();
    const [a, b] = await Promise.all([pay(o.id, { parts, attempt, pos_log: { result: 'OK' } }, key), pay(o.id, { parts, attempt, pos_log: { result: 'OK' } }, randomUUID())]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const paid = OrderEnvelopeSchema.parse(a.body).data;
    expect(paid.payments.map((p) => [p.method, p.amount])).toEqual([
      ['cash', 5],
      ['terminal', rest],
    ]);
    expect(await rows(o.id)).toBe(2);
    // Without the claim (another attempt): refused, nothing more recorded.
    const stranger = await pay(o.id, { parts, attempt: randomUUID() });
    expect(stranger.status).toBe(410);
    expect(await rows(o.id)).toBe(2);
  });

  it('lists the terminal payment of the card flow', async () => {
    const o = await order(35);
    const attempt = randomUUID();
    await call(api, 'POST', `/api/v1/orders/${o.id}/payment_claim`, k.cash, { attempt });
    const res = await call(api, 'POST', `/api/v1/orders/${o.id}/pay`, k.cash, { date: new Date().toISOString(), attempt, amount: o.total_amount, pos_log: { ok: true } });
    expect(res.status).toBe(200);
    expect(res.body.data.payments).toEqual([expect.objectContaining({ method: 'terminal', amount: o.total_amount })]);
  });

  it('reports the day per method before the close and records the counted cash with its note', async () => {
    const date = todayInRome();
    const dayRes = await call(api, 'GET', `/api/v1/totem/cashier_day?date=${date}`, k.cash);
    expect(dayRes.status).toBe(200);
    const report = CashierDayResponseSchema.parse(dayRes.body).data;
    const byMethod = Object.fromEntries(report.methods.map((m) => [m.method, m]));
    // The tests above: three cash payments (one in the split), a transfer, two on the terminal.
    expect(byMethod.cash!.count).toBe(3);
    expect(byMethod.transfer!.count).toBe(1);
    expect(byMethod.terminal!.count).toBe(2);
    expect(report.orders_count).toBe(5);
    expect(report.cash_expected).toBe(byMethod.cash!.total);

    const close = (body: Record<string, unknown>) =>
      api.request('/api/v1/totem/close_cashier', { method: 'POST', token: k.cash, json: { date, pos_log: { operation: 40 }, ...body }, headers: { [IDEMPOTENCY_HEADER]: randomUUID() } });
    const noNote = await close({ counted_cash: report.cash_expected - 2 });
    expect(noNote.status).toBe(422);
    expect(Object.keys(((await noNote.json()) as { errors: object }).errors)).toEqual(['note']);
    const closed = await close({ counted_cash: report.cash_expected - 2, note: 'Resto sbagliato' });
    expect(closed.status).toBe(201);
    const recorded = CloseCashierResponseSchema.parse(await closed.json()).data;
    expect(recorded).toMatchObject({ cash_expected: report.cash_expected, cash_counted: report.cash_expected - 2, note: 'Resto sbagliato', orders_count: 5, total: report.total });
    expect(recorded.methods).toEqual(report.methods);
  });
});
