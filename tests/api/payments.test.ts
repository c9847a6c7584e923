// Online payment by the customer: a payment session for the order's total, the simulated hosted
// page of the reference server, and the way back with the outcome. An order is paid once, only for
// the amount the customer was shown, and only through a session that is still open; money taken
// any other way is recorded as `refund_due`, never dropped and never mistaken for a refused card.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PaymentSessionEnvelopeSchema } from '~/api/contract/payments';
import { orders, paymentSessions } from '~server/db/schema/index';
import { completePaymentSession, openPaymentSession } from '~server/payments/sessions';
import { LATE_CONFIRMATION_MS } from '~server/routes/payments';
import { returnUrl } from '~server/payments/return-url';
import { quoteOrder } from '~server/orders/quote';
import { saveOrder } from '~server/orders/write';
import { formToTree } from '~server/http/forms';
import { parseWith } from '~server/http/validation';
import { OrderFormSchema } from '~/api/contract/order-form';
import { testDrivers } from '../support/databases';
import { day, login, orderForm, pick, postOrder, signup } from '../support/orders';
import { answer, outcome, refusal } from '../support/contract';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { call, pairedKiosks, payAtDesk, placeOrder } from '../support/staff';

describe.each(testDrivers)('online payments on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);
  let mario: string;
  let stranger: string;
  beforeAll(async () => {
    mario = await login(api);
    stranger = await signup(api, 'payer-stranger@example.com');
  });

  const open = async (ref: string, token?: string, returnPath = `/orders/${ref}`, lang?: string) => {
    const res = await api.request(`/api/v1/orders/${ref}/payments`, { method: 'POST', token, lang, json: { return_path: returnPath } });
    return { status: res.status, body: await outcome(res, PaymentSessionEnvelopeSchema) };
  };
  /** What the customer's browser does on the hosted page: GET it, then press one of its buttons. */
  const hostedPage = async (paymentUrl: string) => {
    const res = await api.request(new URL(paymentUrl).pathname, { headers: { accept: 'text/html' } });
    return { status: res.status, html: await res.text() };
  };
  const press = async (paymentUrl: string, outcome: string) => {
    const res = await api.request(new URL(paymentUrl).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `outcome=${outcome}`,
    });
    return { status: res.status, location: res.headers.get('location') };
  };
  const sessionRow = async (id: string) => {
    const [row] = await api.deps.database.db.select().from(paymentSessions).where(eq(paymentSessions.id, id));
    return row!;
  };
  const guestOrder = async (uuid: string) => {
    const res = await api.request(`/api/v1/guest/orders/${uuid}`);
    return (await answer(res, OrderEnvelopeSchema)).data;
  };

  it('opens a session for the total, shows the hosted page and marks the order paid once', async () => {
    const order = await placeOrder(api, { from: day(30) });
    const opened = await open(order.uuid, undefined, `/en/orders/${order.uuid}`, 'en_GB');
    expect(opened.status).toBe(201);
    const session = PaymentSessionEnvelopeSchema.parse(opened.body).data;
    expect(session.amount).toBe(order.total_amount);
    expect(new URL(session.payment_url).pathname).toBe(`/api/payments/simulator/${session.id}`);

    const page = await hostedPage(session.payment_url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toContain(`Order ${order.number}`);
    expect(page.html).toContain('Bardonecchia');
    expect(page.html).toMatch(/<button[^>]*value="paid"[^>]*>Pay /);

    const back = await press(session.payment_url, 'paid');
    expect(back).toEqual({ status: 303, location: `/en/orders/${order.uuid}?payment=paid` });
    const paid = await guestOrder(order.uuid);
    expect(paid.paid).toBe(true);
    expect(paid.paid_at).not.toBeNull();
    expect(paid.editable).toBe(false);

    // A second press, a reload of the page or a new session change nothing.
    expect(await press(session.payment_url, 'paid')).toEqual({ status: 303, location: `/en/orders/${order.uuid}?payment=paid` });
    expect((await hostedPage(session.payment_url)).status).toBe(410);
    expect(await open(order.uuid)).toEqual({ status: 410, body: { message: "L'ordine è già stato pagato" } });
    // Paid orders can no longer be cancelled by the customer, and the cash desk cannot take it again.
    expect((await call(api, 'DELETE', `/api/v1/orders/${order.uuid}?date=${day(0)}`)).status).toBe(410);
    expect((await call(api, 'POST', `/api/v1/orders/${order.id}/payment_claim`, k.cash, { attempt: randomUUID() })).status).toBe(410);
    const atDesk = { date: '2026-11-21 10:00:00', attempt: randomUUID(), amount: order.total_amount };
    expect((await call(api, 'POST', `/api/v1/orders/${order.id}/pay`, k.cash, atDesk)).status).toBe(410);
  });

  it('hands out the payment page on the origin the customer used (behind a trusted proxy too)', async () => {
    const order = await placeOrder(api, { from: day(34) });
    const ask = (headers: Record<string, string>) =>
      api
        .request(`/api/v1/orders/${order.uuid}/payments`, { method: 'POST', headers, json: { return_path: '/' } })
        .then(async (res) => (await answer(res, PaymentSessionEnvelopeSchema)).data.payment_url);
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'noleggi.example.it' };
    expect(new URL(await ask(forwarded)).origin).toBe('http://localhost');
    api.deps.trustProxy = 1;
    try {
      expect(new URL(await ask(forwarded)).origin).toBe('https://noleggi.example.it');
      expect(new URL(await ask({ 'x-forwarded-host': 'evil.example/x?' })).origin).toBe('http://localhost');
    } finally {
      api.deps.trustProxy = 0;
    }
  });

  it('lets the owner pay by id and the guest link holder by uuid; nobody else, and not kiosks', async () => {
    const { main } = await pick(api, 6, 'CITYBIKE', { from: day(31), to: day(31) });
    const mine = (await postOrder(api, 6, orderForm({ from: day(31), cart: [{ prices: [main.id] }] }), { token: mario })).order;
    expect((await open(String(mine.id), mario)).status).toBe(201);
    expect((await open(String(mine.id), stranger)).status).toBe(404);
    expect((await open(String(mine.id))).status).toBe(404);
    expect((await open(mine.uuid)).status).toBe(201);
    expect(await open(mine.uuid, k.cash)).toEqual({ status: 403, body: { message: expect.any(String) } });
  });

  it('refuses a return path that could leave the storefront (422 under the field)', async () => {
    const order = await placeOrder(api, { from: day(32) });
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil', 'javascript:alert(1)', '', '/%2e%2e//evil%2ecom', '/%2e/%2e%2e//evil.com']) {
      const res = await open(order.uuid, undefined, bad);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['return_path']);
    }
    const missing = await api.request(`/api/v1/orders/${order.uuid}/payments`, { method: 'POST', json: {} });
    expect([missing.status, Object.keys((await refusal(missing)).errors)]).toEqual([422, ['return_path']]);
  });

  it('keeps the order unpaid when the customer gives up or the card is refused', async () => {
    const order = await placeOrder(api, { from: day(33) });
    const first = PaymentSessionEnvelopeSchema.parse((await open(order.uuid)).body).data;
    expect(await press(first.payment_url, 'cancelled')).toEqual({ status: 303, location: `/orders/${order.uuid}?payment=cancelled` });
    const second = PaymentSessionEnvelopeSchema.parse((await open(order.uuid)).body).data;
    expect(await press(second.payment_url, 'failed')).toEqual({ status: 303, location: `/orders/${order.uuid}?payment=failed` });
    // Anything else posted counts as giving up, never as paid.
    const third = PaymentSessionEnvelopeSchema.parse((await open(order.uuid)).body).data;
    expect((await press(third.payment_url, 'PAID')).location).toBe(`/orders/${order.uuid}?payment=cancelled`);
    expect((await guestOrder(order.uuid)).paid).toBe(false);
  });

  it('never marks paid an order whose total changed, that was cancelled, or through an old session', async () => {
    // Edited after the session opened: the total the customer saw is no longer the order's.
    const edited = await placeOrder(api, { from: day(40) });
    const session = PaymentSessionEnvelopeSchema.parse((await open(edited.uuid)).body).data;
    const { main } = await pick(api, 6, 'CITYBIKE', { from: day(40), to: day(42), edit_order_code: edited.uuid });
    const form = orderForm({ from: day(40), to: day(42), cart: [{ prices: [main.id] }], extra: { _method: 'PATCH' } });
    const patched = await api.request(`/api/v1/orders/${edited.uuid}`, { method: 'POST', body: form });
    expect(patched.status).toBe(200);
    expect((await press(session.payment_url, 'paid')).location).toBe(`/orders/${edited.uuid}?payment=refund`);
    expect((await sessionRow(session.id)).status).toBe('refund_due');
    expect((await guestOrder(edited.uuid)).paid).toBe(false);

    // Cancelled meanwhile.
    const cancelled = await placeOrder(api, { from: day(41) });
    const late = PaymentSessionEnvelopeSchema.parse((await open(cancelled.uuid)).body).data;
    expect((await call(api, 'DELETE', `/api/v1/orders/${cancelled.uuid}?date=${day(0)}`)).status).toBe(200);
    expect((await press(late.payment_url, 'paid')).location).toBe(`/orders/${cancelled.uuid}?payment=refund`);
    expect((await sessionRow(late.id)).status).toBe('refund_due');
    expect(await open(cancelled.uuid)).toEqual({ status: 410, body: { message: 'Questo ordine non può essere pagato' } });

    // Pressing again or paying from another tab continues the same session, even at the same moment.
    const twice = await placeOrder(api, { from: day(43) });
    const first = PaymentSessionEnvelopeSchema.parse((await open(twice.uuid)).body).data;
    const again = await Promise.all([open(twice.uuid, undefined, `/en/orders/${twice.uuid}`), open(twice.uuid)]);
    expect(again.map((r) => PaymentSessionEnvelopeSchema.parse(r.body).data.id)).toEqual([first.id, first.id]);
    expect((await press(first.payment_url, 'paid')).location).toMatch(new RegExp(`/orders/${twice.uuid}\\?payment=paid$`));
  });

  it('opens a new session when the total changed; a payment reported for the old one is to refund', async () => {
    const order = await placeOrder(api, { from: day(45) });
    const old = PaymentSessionEnvelopeSchema.parse((await open(order.uuid)).body).data;
    const { main } = await pick(api, 6, 'CITYBIKE', { from: day(45), to: day(47), edit_order_code: order.uuid });
    const form = orderForm({ from: day(45), to: day(47), cart: [{ prices: [main.id] }], extra: { _method: 'PATCH' } });
    const edited = await answer(await api.request(`/api/v1/orders/${order.uuid}`, { method: 'POST', body: form }), OrderEnvelopeSchema);
    const fresh = PaymentSessionEnvelopeSchema.parse((await open(order.uuid)).body).data;
    expect(fresh.id).not.toBe(old.id);
    expect(fresh.amount).toBe(edited.data.total_amount);
    expect((await press(old.payment_url, 'paid')).location).toBe(`/orders/${order.uuid}?payment=refund`);
    expect((await sessionRow(old.id)).status).toBe('refund_due');
    // The customer coming back to the old session's page is told the same.
    expect((await hostedPage(old.payment_url)).html).toContain(`href="/orders/${order.uuid}?payment=refund"`);
    expect((await guestOrder(order.uuid)).paid).toBe(false);
    expect((await press(fresh.payment_url, 'paid')).location).toBe(`/orders/${order.uuid}?payment=paid`);
  });

  it('an edit checked before a payment landed is refused when it writes (410): the paid total stays', async () => {
    const order = await placeOrder(api, { from: day(44) });
    const { db } = api.deps.database;
    // What the edit route read before a slow upload: confirmed and unpaid.
    const [stale] = await db.select().from(orders).where(eq(orders.id, order.id));
    const session = PaymentSessionEnvelopeSchema.parse((await open(order.uuid)).body).data;
    expect((await press(session.payment_url, 'paid')).location).toBe(`/orders/${order.uuid}?payment=paid`);

    const { main } = await pick(api, 6, 'CITYBIKE', { from: day(44), to: day(46), edit_order_code: order.uuid });
    const form = parseWith(OrderFormSchema, formToTree(orderForm({ from: day(44), to: day(46), cart: [{ prices: [main.id] }] }).entries()));
    const shop = api.deps.catalogue.shopById(6)!;
    const quote = quoteOrder({ shop, form, fidelity: false, coupons: new Map(), now: api.deps.now(), locale: 'it' });
    const edit = saveOrder(api.deps, { shop, quote, form, userId: null, locale: 'it', uploads: new Map(), editing: stale! }, api.deps.now(), {
      serialized: driver.name === 'pglite',
    });
    await expect(edit).rejects.toMatchObject({ status: 410 });
    const after = await guestOrder(order.uuid);
    expect([after.paid, after.total_amount]).toEqual([true, order.total_amount]);
  });

  it('a provider that confirms after sending the customer back: the order is paid when it does', async () => {
    const order = await placeOrder(api, { from: day(46) });
    const session = PaymentSessionEnvelopeSchema.parse((await open(order.uuid)).body).data;
    expect((await press(session.payment_url, 'paid-late')).location).toBe(`/orders/${order.uuid}?payment=paid`);
    expect((await guestOrder(order.uuid)).paid).toBe(false);
    await api.timers.advance(LATE_CONFIRMATION_MS);
    expect((await guestOrder(order.uuid)).paid).toBe(true);
  });

  it('expires a session after its time', async () => {
    const order = await placeOrder(api, { from: day(50) });
    const session = PaymentSessionEnvelopeSchema.parse((await open(order.uuid)).body).data;
    const realNow = api.deps.now();
    api.setNow(new Date(Date.parse(session.expires_at) + 1000));
    try {
      expect((await hostedPage(session.payment_url)).status).toBe(410);
      expect((await press(session.payment_url, 'cancelled')).location).toBe(`/orders/${order.uuid}?payment=expired`);
      const [row] = await api.deps.database.db.select().from(paymentSessions).where(eq(paymentSessions.id, session.id));
      expect(row!.status).toBe('expired');
      // A payment the provider still reports for it is not applied: recorded as to refund.
      expect((await press(session.payment_url, 'paid')).location).toBe(`/orders/${order.uuid}?payment=refund`);
      expect((await sessionRow(session.id)).status).toBe('refund_due');
    } finally {
      api.setNow(realNow);
    }
    expect((await guestOrder(order.uuid)).paid).toBe(false);
    // A new session starts afresh.
    const next = PaymentSessionEnvelopeSchema.parse((await open(order.uuid)).body).data;
    expect(next.id).not.toBe(session.id);
  });

  it('pays once when the same session is completed twice at the same moment', async () => {
    const order = await placeOrder(api, { from: day(51) });
    const session = PaymentSessionEnvelopeSchema.parse((await open(order.uuid)).body).data;
    const [paid, cancelled] = await Promise.all([completePaymentSession(api.deps, session.id, 'paid'), completePaymentSession(api.deps, session.id, 'cancelled')]);
    // Whichever came first ends the session. A payment that lands after the cancel took money the
    // order did not get: recorded to refund.
    if (paid!.outcome === 'paid') expect(cancelled!.outcome).toBe('paid');
    else expect([paid!.outcome, cancelled!.outcome, (await sessionRow(session.id)).status]).toEqual(['refund', 'cancelled', 'refund_due']);
    expect((await guestOrder(order.uuid)).paid).toBe(paid!.outcome === 'paid');
  });

  /**
   * Runs `requests` with the first `count` database transactions they begin held until all of them
   * have begun, then let go one after the other (`inTurn`) or all at once. That pins down the
   * interleavings a race needs, which two requests left to themselves hit only now and then on
   * PostgreSQL: each request has done whatever it does before its transaction, then the
   * transactions run back to back or side by side.
   */
  const withTransactionsHeld = async <T>(count: number, mode: 'inTurn' | 'together', requests: () => Promise<T>): Promise<T> => {
    const { db } = api.deps.database;
    const original = db.transaction;
    let arrived = 0;
    let letGo!: () => void;
    const allArrived = new Promise<void>((resolve) => (letGo = resolve));
    // Never wait forever: a request that begins fewer transactions fails on the assertions instead.
    const timer = setTimeout(letGo, 2000);
    let turn: Promise<unknown> = Promise.resolve();
    db.transaction = (async (...args: Parameters<typeof original>) => {
      if (++arrived === count) letGo();
      await allArrived;
      if (mode === 'together') return original.apply(db, args);
      const run = turn.then(() => original.apply(db, args));
      turn = run.catch(() => undefined);
      return run;
    }) as typeof original;
    try {
      return await requests();
    } finally {
      clearTimeout(timer);
      db.transaction = original;
    }
  };

  it('two first presses at the same moment (two tabs, a retry) share one session, which pays the order', async () => {
    for (const [n, mode] of [[60, 'inTurn'], [61, 'together']] as const) {
      const order = await placeOrder(api, { from: day(n) });
      const both = await withTransactionsHeld(2, mode, () => Promise.all([open(order.uuid, undefined, `/en/orders/${order.uuid}`), open(order.uuid)]));
      expect([mode, both.map((r) => r.status)]).toEqual([mode, [201, 201]]);
      const [first, second] = both.map((r) => PaymentSessionEnvelopeSchema.parse(r.body).data);
      expect([mode, second!.id]).toEqual([mode, first!.id]);
      const rows = await api.deps.database.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, order.id));
      expect(rows.map((r) => [r.id, r.status])).toEqual([[first!.id, 'open']]);
      expect((await press(first!.payment_url, 'paid')).location).toMatch(new RegExp(`/orders/${order.uuid}\\?payment=paid$`));
      expect((await guestOrder(order.uuid)).paid).toBe(true);
    }
    // And left to themselves.
    const order = await placeOrder(api, { from: day(62) });
    const both = await Promise.all([open(order.uuid), open(order.uuid)]);
    expect(both.map((r) => PaymentSessionEnvelopeSchema.parse(r.body).data.id)).toEqual(Array(2).fill(PaymentSessionEnvelopeSchema.parse(both[0]!.body).data.id));
  });

  it('a payment landing while the customer presses "pay" again: one wins, neither fails', async () => {
    for (let n = 73; n < 76; n++) {
      const order = await placeOrder(api, { from: day(n) });
      const session = PaymentSessionEnvelopeSchema.parse((await open(order.uuid)).body).data;
      const [paid, again] = await withTransactionsHeld(2, 'together', () => Promise.all([press(session.payment_url, 'paid'), open(order.uuid)]));
      expect(paid.location).toBe(`/orders/${order.uuid}?payment=paid`);
      // Pressed just before the payment: the same session; just after: already paid.
      expect([201, 410]).toContain(again.status);
      if (again.status === 201) expect(PaymentSessionEnvelopeSchema.parse(again.body).data.id).toBe(session.id);
      expect((await guestOrder(order.uuid)).paid).toBe(true);
    }
  });

  it('decides on the order as it is when the session opens, not as the caller read it', async () => {
    const { db } = api.deps.database;
    const read = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
    const openFor = (row: Awaited<ReturnType<typeof read>>) => openPaymentSession(api.deps, row, '/orders', 'it');

    const edited = await placeOrder(api, { from: day(63) });
    const staleEdited = await read(edited.id);
    await db.update(orders).set({ totalAmount: staleEdited.totalAmount + 10 }).where(eq(orders.id, edited.id));
    expect((await openFor(staleEdited)).amount).toBe(staleEdited.totalAmount + 10);

    const cancelled = await placeOrder(api, { from: day(64) });
    const staleCancelled = await read(cancelled.id);
    expect((await call(api, 'DELETE', `/api/v1/orders/${cancelled.uuid}?date=${day(0)}`)).status).toBe(200);
    await expect(openFor(staleCancelled)).rejects.toMatchObject({ status: 410, key: 'api.orderNotPayable' });

    const paidAtDesk = await placeOrder(api, { from: day(65) });
    const staleUnpaid = await read(paidAtDesk.id);
    expect((await payAtDesk(api, paidAtDesk.id, k.cash)).status).toBe(200);
    await expect(openFor(staleUnpaid)).rejects.toMatchObject({ status: 410, key: 'api.orderAlreadyPaid' });

    const free = await placeOrder(api, { from: day(66) });
    const staleTotal = await read(free.id);
    await db.update(orders).set({ totalAmount: 0 }).where(eq(orders.id, free.id));
    await expect(openFor(staleTotal)).rejects.toMatchObject({ status: 410, key: 'api.nothingToPay' });
  });

  it('records a payment reported after the session was cancelled or refused as to refund', async () => {
    for (const [n, ending] of [[67, 'cancelled'], [68, 'failed']] as const) {
      const order = await placeOrder(api, { from: day(n) });
      const session = PaymentSessionEnvelopeSchema.parse((await open(order.uuid)).body).data;
      expect((await press(session.payment_url, ending)).location).toBe(`/orders/${order.uuid}?payment=${ending}`);
      // The provider's notification of a payment it took anyway (a webhook arriving after the cancel).
      const late = await completePaymentSession(api.deps, session.id, 'paid');
      expect([late!.outcome, late!.session.status]).toEqual(['refund', 'refund_due']);
      expect((await hostedPage(session.payment_url)).html).toContain(`href="/orders/${order.uuid}?payment=refund"`);
      // Reported again, or cancelled after: still to refund.
      expect((await press(session.payment_url, 'paid')).location).toBe(`/orders/${order.uuid}?payment=refund`);
      expect((await press(session.payment_url, 'cancelled')).location).toBe(`/orders/${order.uuid}?payment=refund`);
      expect((await sessionRow(session.id)).status).toBe('refund_due');
      expect((await guestOrder(order.uuid)).paid).toBe(false);
    }
  });

  it('records a payment for an order paid at the cash desk meanwhile as to refund', async () => {
    const order = await placeOrder(api, { from: day(69) });
    const session = PaymentSessionEnvelopeSchema.parse((await open(order.uuid)).body).data;
    expect((await payAtDesk(api, order.id, k.cash)).status).toBe(200);
    expect((await press(session.payment_url, 'paid')).location).toBe(`/orders/${order.uuid}?payment=refund`);
    expect((await sessionRow(session.id)).status).toBe('refund_due');
  });

  it('never turns a paid session into one to refund', async () => {
    const order = await placeOrder(api, { from: day(70) });
    const session = PaymentSessionEnvelopeSchema.parse((await open(order.uuid)).body).data;
    expect((await press(session.payment_url, 'paid')).location).toBe(`/orders/${order.uuid}?payment=paid`);
    for (const reported of ['paid', 'cancelled', 'failed'] as const) {
      expect((await completePaymentSession(api.deps, session.id, reported))!.outcome).toBe('paid');
    }
    expect((await sessionRow(session.id)).status).toBe('paid');
    expect((await guestOrder(order.uuid)).paid).toBe(true);
  });

  it('"pay, confirmed late", then back and cancel: the late payment is recorded to refund', async () => {
    const order = await placeOrder(api, { from: day(71) });
    const session = PaymentSessionEnvelopeSchema.parse((await open(order.uuid)).body).data;
    expect((await press(session.payment_url, 'paid-late')).location).toBe(`/orders/${order.uuid}?payment=paid`);
    // Back to the hosted page before the confirmation: still open, so the customer can give up.
    expect((await hostedPage(session.payment_url)).status).toBe(200);
    expect((await press(session.payment_url, 'cancelled')).location).toBe(`/orders/${order.uuid}?payment=cancelled`);
    await api.timers.advance(LATE_CONFIRMATION_MS);
    expect((await sessionRow(session.id)).status).toBe('refund_due');
    expect((await guestOrder(order.uuid)).paid).toBe(false);
  });

  it('"pay, confirmed late" on an expired session is not announced as paid', async () => {
    const order = await placeOrder(api, { from: day(72) });
    const session = PaymentSessionEnvelopeSchema.parse((await open(order.uuid)).body).data;
    const realNow = api.deps.now();
    api.setNow(new Date(Date.parse(session.expires_at) + 1000));
    try {
      expect((await press(session.payment_url, 'paid-late')).location).toBe(`/orders/${order.uuid}?payment=refund`);
      expect((await sessionRow(session.id)).status).toBe('refund_due');
    } finally {
      api.setNow(realNow);
    }
    expect((await guestOrder(order.uuid)).paid).toBe(false);
  });

  it('answers unknown sessions and nothing-to-pay orders plainly', async () => {
    expect((await hostedPage('http://localhost/api/payments/simulator/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await press('http://localhost/api/payments/simulator/nope', 'paid')).status).toBe(404);
    expect((await open('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    // Fully discounted: nothing to pay online.
    const free = await placeOrder(api, { from: day(52) });
    await api.deps.database.db.update(orders).set({ totalAmount: 0 }).where(eq(orders.id, free.id));
    expect(await open(free.uuid)).toEqual({ status: 410, body: { message: "Non c'è nulla da pagare per questo ordine" } });
  });
});

describe('the way back from the payment page', () => {
  it('keeps the checked path as it is and adds the outcome to its query', () => {
    expect(returnUrl('/en/orders/abc', 'paid')).toBe('/en/orders/abc?payment=paid');
    expect(returnUrl('/orders/abc?ref=x&payment=old#top', 'failed')).toBe('/orders/abc?ref=x&payment=failed#top');
    // A path that could leave the site (refused when the session opens) never comes back out.
    expect(returnUrl('/%2e%2e//evil%2ecom', 'paid')).toBe('/?payment=paid');
    expect(returnUrl('//evil.com', 'paid')).toBe('/?payment=paid');
  });
});
