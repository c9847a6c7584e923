// Payment claims: a cash desk claims an order before its terminal charges the card, so
// two desks — or two devices paired as the same desk — never charge it twice, and an edit or a
// cancellation cannot land while the card is being charged.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PaymentClaimResponseSchema } from '~/api/contract/staff';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { PAYMENT_CLAIM_TTL_MS } from '~/domain/desk-payments';
import { testDrivers } from '../support/databases';
import { day, orderForm, pick } from '../support/orders';
import { call, pair, pairedKiosks, placeOrder, SHOP, totemOf } from '../support/staff';

describe.each(testDrivers)('payment claims on $name', (driver) => {
  const { api, k } = pairedKiosks(driver, { poolSize: 10 });
  /** A second device paired with the cash desk's code: the same totem, another screen. */
  let cash2: string;
  beforeAll(async () => {
    cash2 = await pair(api, totemOf('BARD-03').pairingCode);
  });

  const claim = (id: number, attempt: string, token = k.cash) => call(api, 'POST', `/api/v1/orders/${id}/payment_claim`, token, { attempt });
  const release = (id: number, attempt: string, token = k.cash) =>
    call(api, 'DELETE', `/api/v1/orders/${id}/payment_claim?attempt=${attempt}`, token);
  const pay = (id: number, attempt: string, amount: number, token = k.cash) =>
    call(api, 'POST', `/api/v1/orders/${id}/pay`, token, { date: new Date().toISOString(), pos_log: { ok: true }, attempt, amount });

  it('lets one attempt claim an order; a second device of the same desk waits (409 naming the desk)', async () => {
    const order = await placeOrder(api, { from: day(3) });
    const first = randomUUID();
    const res = await claim(order.id, first);
    expect(res.status).toBe(200);
    expect(PaymentClaimResponseSchema.parse(res.body).data).toMatchObject({ order_id: order.id, totem: 'BARD-03' });
    // The same attempt may claim again (a retry after a dropped answer).
    expect((await claim(order.id, first)).status).toBe(200);
    const second = await claim(order.id, randomUUID(), cash2);
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('BARD-03');
    // Another attempt's release does nothing; the owner's frees the order for the other device.
    expect((await release(order.id, randomUUID(), cash2)).status).toBe(204);
    expect((await claim(order.id, randomUUID(), cash2)).status).toBe(409);
    expect((await release(order.id, first)).status).toBe(204);
    expect((await claim(order.id, randomUUID(), cash2)).status).toBe(200);
  });

  it('lets exactly one of many simultaneous attempts win', async () => {
    const order = await placeOrder(api, { from: day(4) });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => claim(order.id, randomUUID(), i % 2 ? cash2 : k.cash)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
  });

  it('clears the claim with the payment; a paid or cancelled order cannot be claimed (410)', async () => {
    const order = await placeOrder(api, { from: day(5) });
    const attempt = randomUUID();
    expect((await claim(order.id, attempt)).status).toBe(200);
    const paid = await pay(order.id, attempt, order.total_amount);
    expect(OrderEnvelopeSchema.parse(paid.body).data.paid).toBe(true);
    const again = await claim(order.id, randomUUID(), cash2);
    expect([again.status, again.body.message]).toEqual([410, "L'ordine è già stato pagato"]);
    const cancelled = await placeOrder(api, { from: day(5) });
    expect((await call(api, 'DELETE', `/api/v1/orders/${cancelled.id}?date=${day(0)}`, k.admin)).status).toBe(200);
    expect((await claim(cancelled.id, randomUUID())).status).toBe(410);
  });

  it('holds off a cancellation while a desk is charging the card, until the claim goes stale', async () => {
    const order = await placeOrder(api, { from: day(6) });
    expect((await claim(order.id, randomUUID())).status).toBe(200);
    const cancel = () => call(api, 'DELETE', `/api/v1/orders/${order.id}?date=${day(0)}`, k.admin);
    const refused = await cancel();
    expect([refused.status, refused.body.message]).toEqual([409, 'Pagamento in corso alla cassa BARD-03: attendi che finisca']);
    // A desk that died with its claim frees the order after the claim's lifetime.
    api.setNow(new Date(Date.now() + PAYMENT_CLAIM_TTL_MS + 1000));
    try {
      expect((await cancel()).status).toBe(200);
    } finally {
      api.setNow(new Date());
    }
  });

  it('records a payment once: its own attempt again is answered the order, another attempt 410, a changed total 409', async () => {
    const order = await placeOrder(api, { from: day(8) });
    const attempt = randomUUID();
    expect((await claim(order.id, attempt)).status).toBe(200);
    const body = (extra: object) => ({ date: new Date().toISOString(), pos_log: { ok: true }, attempt, amount: order.total_amount, ...extra });
    const changed = await call(api, 'POST', `/api/v1/orders/${order.id}/pay`, k.cash, body({ amount: order.total_amount + 1 }));
    expect([changed.status, changed.body.message]).toEqual([409, `L'ordine è cambiato: il terminale ha addebitato ${order.total_amount + 1} ma ora il totale è ${order.total_amount}`]);
    const first = await call(api, 'POST', `/api/v1/orders/${order.id}/pay`, k.cash, body({}));
    const again = await call(api, 'POST', `/api/v1/orders/${order.id}/pay`, cash2, body({}));
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(OrderEnvelopeSchema.parse(again.body).data.paid_at).toBe(OrderEnvelopeSchema.parse(first.body).data.paid_at);
    const other = await call(api, 'POST', `/api/v1/orders/${order.id}/pay`, k.cash, body({ attempt: randomUUID() }));
    expect([other.status, other.body.message]).toEqual([410, "L'ordine è già stato pagato"]);
    const bad = await call(api, 'POST', `/api/v1/orders/${order.id}/pay`, k.cash, body({ attempt: 'x', amount: -1 }));
    expect([bad.status, bad.body.errors]).toEqual([422, { attempt: ['Valore non valido'], amount: ['La quantità deve essere un numero positivo'] }]);
  });

  it('answers every one of simultaneous records of the same attempt the order as recorded, never 410', async () => {
    const order = await placeOrder(api, { from: day(10) });
    const attempt = randomUUID();
    expect((await claim(order.id, attempt)).status).toBe(200);
    const body = { date: new Date().toISOString(), pos_log: { ok: true }, attempt, amount: order.total_amount };
    // The desk's retry, the "retry now" button and a second tab's resume, all at once.
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => call(api, 'POST', `/api/v1/orders/${order.id}/pay`, i % 2 ? cash2 : k.cash, body)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const paidAt = new Set(results.map((r) => OrderEnvelopeSchema.parse(r.body).data.paid_at));
    expect(paidAt.size).toBe(1);
  });

  it("keeps a charge's claim from a second desk past the claim's lifetime, until it is recorded or released", async () => {
    const order = await placeOrder(api, { from: day(11) });
    const attempt = randomUUID();
    expect((await claim(order.id, attempt)).status).toBe(200);
    // The charging desk is offline (or staff have not said what the terminal shows) for long.
    api.setNow(new Date(Date.now() + PAYMENT_CLAIM_TTL_MS + 60_000));
    try {
      const second = await claim(order.id, randomUUID(), cash2);
      expect([second.status, second.body.message]).toEqual([409, 'Pagamento in corso alla cassa BARD-03: attendi che finisca']);
      // The charging attempt itself still holds it, and its release frees the order.
      expect((await claim(order.id, attempt)).status).toBe(200);
      expect((await release(order.id, attempt)).status).toBe(204);
      expect((await claim(order.id, randomUUID(), cash2)).status).toBe(200);
    } finally {
      api.setNow(new Date());
    }
  });

  it('an edit through a lapsed claim clears it: a desk that lost track of its claim no longer blocks the order', async () => {
    const order = await placeOrder(api, { from: day(13) });
    // Claimed, its answer lost, then the page reloaded: nobody knows this attempt any more.
    expect((await claim(order.id, randomUUID())).status).toBe(200);
    api.setNow(new Date(Date.now() + PAYMENT_CLAIM_TTL_MS + 60_000));
    try {
      expect((await claim(order.id, randomUUID(), cash2)).status).toBe(409);
      const { main } = await pick(api, SHOP, 'CITYBIKE', { from: day(13), to: day(13) });
      const body = orderForm({ from: day(13), cart: [{ prices: [main.id] }], extra: { _method: 'PATCH' } });
      expect((await api.request(`/api/v1/orders/${order.uuid}`, { method: 'POST', body, token: k.admin })).status).toBe(200);
      expect((await claim(order.id, randomUUID(), cash2)).status).toBe(200);
    } finally {
      api.setNow(new Date());
    }
  });

  it('records a payment only under its own claim: a desk that charged while another held the claim gets 409, the holder records', async () => {
    const order = await placeOrder(api, { from: day(14) });
    const holder = randomUUID();
    expect((await claim(order.id, holder)).status).toBe(200);
    // A second desk charged the card without the claim: its charge is money to give back.
    const second = await pay(order.id, randomUUID(), order.total_amount, cash2);
    expect([second.status, second.body.message]).toEqual([409, 'Pagamento in corso alla cassa BARD-03: attendi che finisca']);
    expect(OrderEnvelopeSchema.parse((await call(api, 'GET', `/api/v1/orders/${order.id}`, k.cash)).body).data.paid).toBe(false);
    expect((await pay(order.id, holder, order.total_amount)).status).toBe(200);
  });

  it('refuses a payment whose claim is gone (released, or never taken) with 409', async () => {
    const order = await placeOrder(api, { from: day(15) });
    const notClaimed = [409, "Il pagamento non ha più la prenotazione dell'ordine (rilasciata o mai presa): non può essere registrato"];
    const never = await pay(order.id, randomUUID(), order.total_amount);
    expect([never.status, never.body.message]).toEqual(notClaimed);
    const attempt = randomUUID();
    expect((await claim(order.id, attempt)).status).toBe(200);
    expect((await release(order.id, attempt)).status).toBe(204);
    const released = await pay(order.id, attempt, order.total_amount);
    expect([released.status, released.body.message]).toEqual(notClaimed);
    // Claimed again by the same attempt (the desk's retry renews its claim), it records.
    expect((await claim(order.id, attempt)).status).toBe(200);
    expect((await pay(order.id, attempt, order.total_amount)).status).toBe(200);
  });

  it('lets exactly one of simultaneous records of different attempts win: the one holding the claim', async () => {
    const order = await placeOrder(api, { from: day(16) });
    const holder = randomUUID();
    expect((await claim(order.id, holder)).status).toBe(200);
    const attempts = [holder, ...Array.from({ length: 5 }, () => randomUUID())];
    const results = await Promise.all(attempts.map((attempt, i) => pay(order.id, attempt, order.total_amount, i % 2 ? cash2 : k.cash)));
    // The others are refused: 409 while the holder's claim stands, 410 once its payment landed.
    expect(results.map((r) => (r.status === 410 ? 409 : r.status))).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it('needs the attempt and the amount to record a payment (422)', async () => {
    const order = await placeOrder(api, { from: day(17) });
    expect((await claim(order.id, randomUUID())).status).toBe(200);
    const res = await call(api, 'POST', `/api/v1/orders/${order.id}/pay`, k.cash, { date: new Date().toISOString(), pos_log: { ok: true } });
    expect([res.status, res.body.errors]).toEqual([422, { attempt: ['Campo obbligatorio'], amount: ['Campo obbligatorio'] }]);
  });

  it('answers the total to charge with the claim', async () => {
    const order = await placeOrder(api, { from: day(9) });
    const res = await claim(order.id, randomUUID());
    expect(PaymentClaimResponseSchema.parse(res.body).data.total_amount).toBe(order.total_amount);
  });

  it('is for cash desks only, of the same shop, with a well-formed attempt', async () => {
    const order = await placeOrder(api, { from: day(7) });
    expect((await claim(order.id, randomUUID(), k.admin)).status).toBe(403);
    expect((await claim(order.id, randomUUID(), k.other)).status).toBe(404);
    const bad = await claim(order.id, 'not-a-uuid');
    expect([bad.status, bad.body.errors]).toEqual([422, { attempt: ['Valore non valido'] }]);
    expect((await call(api, 'POST', `/api/v1/orders/${order.id}/payment_claim`)).status).toBe(401);
  });
});
