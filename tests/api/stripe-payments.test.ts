// Online payment through Stripe Checkout, with the real `stripe` library talking to a local stand-in
// of Stripe's API (tests/support/fake-stripe.ts) and the webhook's events signed by the library's
// own test-header helper. The customer coming back decides nothing: only a signed event marks an
// order paid, once per event id, for the amount the customer was shown; money the order did not get
// is refunded through Stripe, or left to refund when Stripe refuses.
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentSessionEnvelopeSchema, StripeWebhookAnswerSchema } from '~/api/contract/payments';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { orders, paymentEvents, paymentSessions } from '~server/db/schema/index';
import { cents, createStripeProvider } from '~server/payments/stripe-client';
import { testDrivers } from '../support/databases';
import { day } from '../support/orders';
import { answer, outcome } from '../support/contract';
import { call, pairedKiosks, payAtDesk, placeOrder } from '../support/staff';
import { FakeStripe, type CheckoutObject } from '../support/fake-stripe';

const SECRET_KEY = 'sk_test_4eC39HqLyjWDarjtT1zdp7dc';
const WEBHOOK_SECRET = 'whsec_test_5f0e1c2d3b4a';
const WEBHOOK = '/api/v1/payments/stripe/webhook';

describe.each(testDrivers)('Stripe Checkout on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);
  const fake = new FakeStripe(SECRET_KEY);
  beforeAll(async () => {
    await fake.start();
    api.deps.stripe = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url, replacesSimulator: true });
    api.deps.paymentSimulator = false;
  });
  afterAll(() => fake.stop());
  // Stripe counts a Checkout Session's life from its own clock (the stand-in's: the real one).
  beforeEach(() => api.setNow(new Date()));

  const open = async (ref: string, returnPath = `/orders/${ref}`, lang?: string) => {
    const res = await api.request(`/api/v1/orders/${ref}/payments`, { method: 'POST', lang, json: { return_path: returnPath } });
    return { status: res.status, body: await outcome(res, PaymentSessionEnvelopeSchema) };
  };
  const opened = async (ref: string, returnPath?: string, lang?: string) => {
    const res = await open(ref, returnPath, lang);
    expect(res.status).toBe(201);
    return PaymentSessionEnvelopeSchema.parse(res.body).data;
  };
  const nowS = () => Math.floor(api.deps.now().getTime() / 1000);
  /** What Stripe does: POST the event, signed with the endpoint's secret at `timestamp`. */
  const deliver = async (payload: string, { secret = WEBHOOK_SECRET, timestamp = nowS(), signed = true } = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    if (signed) headers['stripe-signature'] = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    const res = await api.request(WEBHOOK, { method: 'POST', headers, body: payload });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const guestOrder = async (uuid: string) => (await answer(await api.request(`/api/v1/guest/orders/${uuid}`), OrderEnvelopeSchema)).data;
  const sessionRow = async (id: string) => (await api.deps.database.db.select().from(paymentSessions).where(eq(paymentSessions.id, id)))[0]!;
  const counter = async (metric: 'paymentsRecorded' | 'paymentRefunds', label: string) =>
    (await api.deps.metrics[metric].get()).values.find((v) => Object.values(v.labels).includes(label))?.value ?? 0;
  const creates = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
  const applied = (replay = false) => ({ status: 200, body: StripeWebhookAnswerSchema.parse({ data: { received: true, replay } }) });

  it('creates a Checkout Session as Stripe documents it, reuses it on a second press, and is paid only by the signed event, once', async () => {
    const order = await placeOrder(api, { from: day(30) });
    const session = await opened(order.uuid, `/fr/orders/${order.uuid}`, 'fr_FR');
    expect(session.amount).toBe(order.total_amount);
    expect(session.payment_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const [create] = creates().slice(-1);
    expect(create!.idempotencyKey).toBe(`checkout-${order.uuid}-${cents(order.total_amount)}-${session.id}`);
    const metadata = { order_number: order.number, order_uuid: order.uuid, payment_session: session.id };
    expect(create!.params).toMatchObject({
      mode: 'payment',
      locale: 'fr',
      client_reference_id: session.id,
      metadata,
      payment_intent_data: { metadata },
      line_items: [{ quantity: '1', price_data: { currency: 'eur', unit_amount: String(cents(order.total_amount)), product_data: { name: `Location de matériel, commande ${order.number}` } } }],
      success_url: `${api.deps.siteUrl}/fr/orders/${order.uuid}?payment=paid`,
      cancel_url: `${api.deps.siteUrl}/fr/orders/${order.uuid}?payment=cancelled`,
    });
    const checkout = fake.sessionFor(session.id);
    expect(checkout.expires_at).toBe(Math.floor(Date.parse(session.expires_at) / 1000));

    // A second press within the session's life: the same page, no second Checkout Session.
    const count = creates().length;
    expect((await opened(order.uuid)).payment_url).toBe(session.payment_url);
    expect(creates()).toHaveLength(count);
    // Back from Stripe before the webhook: still unpaid.
    expect((await guestOrder(order.uuid)).paid).toBe(false);

    const recorded = await counter('paymentsRecorded', 'online');
    const paid = fake.pay(checkout.id);
    const event = fake.event('checkout.session.completed', paid);
    expect(await deliver(event)).toEqual(applied());
    const order1 = await guestOrder(order.uuid);
    expect(order1.paid).toBe(true);
    expect(order1.online_payment_id).toBe(paid.payment_intent);
    expect(await sessionRow(session.id)).toMatchObject({ status: 'paid', providerPaymentId: paid.payment_intent, providerSessionId: checkout.id });
    expect(await counter('paymentsRecorded', 'online')).toBe(recorded + 1);

    // Stripe delivers it again (signed anew): 200, nothing changes, nothing counted twice.
    expect(await deliver(event)).toEqual(applied(true));
    expect(await counter('paymentsRecorded', 'online')).toBe(recorded + 1);
    expect(fake.refunds.size).toBe(0);
    // The cash desk reads it as paid online, with Stripe's payment id.
    const atDesk = await call(api, 'GET', `/api/v1/orders/${order.id}`, k.cash);
    expect(atDesk.body.data).toMatchObject({ paid: true, online_payment_id: paid.payment_intent });
    expect(await open(order.uuid)).toEqual({ status: 410, body: { message: "L'ordine è già stato pagato" } });
  });

  it('refuses a forged signature, a stale timestamp and a missing one with 400, changing nothing', async () => {
    const order = await placeOrder(api, { from: day(31) });
    const session = await opened(order.uuid);
    const event = fake.event('checkout.session.completed', fake.pay(fake.sessionFor(session.id).id));
    const eventId = (JSON.parse(event) as { id: string }).id;
    const refused = { status: 400, body: { message: 'La firma della notifica non è valida' } };
    expect(await deliver(event, { secret: 'whsec_forged0000' })).toEqual(refused);
    expect(await deliver(event, { timestamp: nowS() - 301 })).toEqual(refused);
    expect(await deliver(event, { signed: false })).toEqual(refused);
    // The body changed after signing (an amount rewritten on the way): refused too.
    const tampered = event.replace('"livemode":false', '"livemode":true');
    const header = Stripe.webhooks.generateTestHeaderString({ payload: event, secret: WEBHOOK_SECRET, timestamp: nowS() });
    const res = await api.request(WEBHOOK, { method: 'POST', headers: { 'stripe-signature': header, 'content-type': 'application/json' }, body: tampered });
    expect(res.status).toBe(400);
    expect((await guestOrder(order.uuid)).paid).toBe(false);
    expect(await api.deps.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, eventId))).toEqual([]);
    // The genuine delivery, within the tolerance, still pays: nothing above was recorded.
    expect(await deliver(event, { timestamp: nowS() - 200 })).toEqual(applied());
    expect((await guestOrder(order.uuid)).paid).toBe(true);
  });

  it('verifies the raw bytes (no JSON parser before) within the body size limit', async () => {
    const order = await placeOrder(api, { from: day(32) });
    const session = await opened(order.uuid);
    // Indented JSON: re-serialising the body before checking would break the signature.
    const pretty = JSON.stringify(JSON.parse(fake.event('checkout.session.completed', fake.pay(fake.sessionFor(session.id).id))), null, 2);
    expect(await deliver(pretty)).toEqual(applied());
    expect((await guestOrder(order.uuid)).paid).toBe(true);
    const huge = JSON.stringify({ id: 'evt_huge', object: 'event', type: 'checkout.session.completed', padding: 'x'.repeat(70_000) });
    expect((await deliver(huge)).status).toBe(413);
  });

  it('does not mark paid an amount other than the one shown: the payment is refunded through Stripe', async () => {
    const order = await placeOrder(api, { from: day(33) });
    const session = await opened(order.uuid);
    const refunded = await counter('paymentRefunds', 'refunded');
    const paid = fake.pay(fake.sessionFor(session.id).id, { amountTotal: cents(order.total_amount) - 100 });
    expect(await deliver(fake.event('checkout.session.completed', paid))).toEqual(applied());
    expect((await guestOrder(order.uuid)).paid).toBe(false);
    const row = await sessionRow(session.id);
    expect(row).toMatchObject({ status: 'refunded', providerPaymentId: paid.payment_intent });
    const refund = fake.refunds.get(row.refundId!);
    expect(refund).toMatchObject({ payment_intent: paid.payment_intent, status: 'succeeded' });
    expect(fake.requests.find((r) => r.path === '/v1/refunds' && r.params.payment_intent === paid.payment_intent)?.idempotencyKey).toBe(`refund-${session.id}`);
    expect(await counter('paymentRefunds', 'refunded')).toBe(refunded + 1);
  });

  it('refunds a payment for an order already paid at the desk, a cancelled order or an expired session', async () => {
    const refundedBefore = await counter('paymentRefunds', 'refunded');
    const paidAtDesk = await placeOrder(api, { from: day(34) });
    const deskSession = await opened(paidAtDesk.uuid);
    expect((await payAtDesk(api, paidAtDesk.id, k.cash)).status).toBe(200);
    const cancelled = await placeOrder(api, { from: day(35) });
    const cancelledSession = await opened(cancelled.uuid);
    expect((await call(api, 'DELETE', `/api/v1/orders/${cancelled.uuid}?date=${day(0)}`)).status).toBe(200);
    const late = await placeOrder(api, { from: day(36) });
    const lateSession = await opened(late.uuid);

    for (const session of [deskSession, cancelledSession]) {
      expect(await deliver(fake.event('checkout.session.completed', fake.pay(fake.sessionFor(session.id).id)))).toEqual(applied());
    }
    const realNow = api.deps.now();
    api.setNow(new Date(Date.parse(lateSession.expires_at) + 1000));
    try {
      expect(await deliver(fake.event('checkout.session.completed', fake.pay(fake.sessionFor(lateSession.id).id)))).toEqual(applied());
    } finally {
      api.setNow(realNow);
    }
    for (const session of [deskSession, cancelledSession, lateSession]) {
      const row = await sessionRow(session.id);
      expect(row.status).toBe('refunded');
      expect(fake.refunds.get(row.refundId!)).toMatchObject({ payment_intent: row.providerPaymentId });
    }
    expect(await counter('paymentRefunds', 'refunded')).toBe(refundedBefore + 3);
    // The desk's payment stands; the others stay unpaid.
    expect((await call(api, 'GET', `/api/v1/orders/${paidAtDesk.id}`, k.cash)).body.data).toMatchObject({ paid: true, online_payment_id: null });
    expect((await guestOrder(late.uuid)).paid).toBe(false);
  });

  it('leaves a payment Stripe will not refund recorded to refund, and counts it', async () => {
    const order = await placeOrder(api, { from: day(37) });
    const session = await opened(order.uuid);
    expect((await call(api, 'DELETE', `/api/v1/orders/${order.uuid}?date=${day(0)}`)).status).toBe(200);
    const failed = await counter('paymentRefunds', 'failed');
    fake.refusingRefunds = true;
    try {
      expect(await deliver(fake.event('checkout.session.completed', fake.pay(fake.sessionFor(session.id).id)))).toEqual(applied());
    } finally {
      fake.refusingRefunds = false;
    }
    expect(await sessionRow(session.id)).toMatchObject({ status: 'refund_due', refundId: null });
    expect(await counter('paymentRefunds', 'failed')).toBe(failed + 1);
  });

  it('waits for a delayed payment method, then pays on async_payment_succeeded; marks failed on async_payment_failed', async () => {
    const order = await placeOrder(api, { from: day(38) });
    const session = await opened(order.uuid);
    const checkout = fake.sessionFor(session.id);
    Object.assign(checkout, { status: 'complete', payment_status: 'unpaid', payment_intent: 'pi_test_sepa0001' } satisfies Partial<CheckoutObject>);
    expect(await deliver(fake.event('checkout.session.completed', checkout))).toEqual(applied());
    expect((await guestOrder(order.uuid)).paid).toBe(false);
    expect((await sessionRow(session.id)).status).toBe('open');
    checkout.payment_status = 'paid';
    expect(await deliver(fake.event('checkout.session.async_payment_succeeded', checkout))).toEqual(applied());
    expect((await guestOrder(order.uuid)).online_payment_id).toBe('pi_test_sepa0001');

    const other = await placeOrder(api, { from: day(39) });
    const otherSession = await opened(other.uuid);
    const declined = Object.assign(fake.sessionFor(otherSession.id), { status: 'complete', payment_status: 'unpaid' });
    expect(await deliver(fake.event('checkout.session.async_payment_failed', declined))).toEqual(applied());
    expect((await sessionRow(otherSession.id)).status).toBe('failed');
    expect((await guestOrder(other.uuid)).paid).toBe(false);
  });

  it('ends the session on checkout.session.expired, and a new press opens a new Checkout Session', async () => {
    const order = await placeOrder(api, { from: day(40) });
    const session = await opened(order.uuid);
    const checkout = Object.assign(fake.sessionFor(session.id), { status: 'expired', url: null });
    expect(await deliver(fake.event('checkout.session.expired', checkout))).toEqual(applied());
    expect((await sessionRow(session.id)).status).toBe('expired');
    const next = await opened(order.uuid);
    expect(next.id).not.toBe(session.id);
    expect(next.payment_url).not.toBe(session.payment_url);
  });

  it('closes the old Checkout Session at Stripe when the total changed', async () => {
    const order = await placeOrder(api, { from: day(41) });
    const first = await opened(order.uuid);
    await api.deps.database.db.update(orders).set({ totalAmount: order.total_amount + 10 }).where(eq(orders.id, order.id));
    const second = await opened(order.uuid);
    expect(second.amount).toBe(order.total_amount + 10);
    await expect.poll(() => fake.sessionFor(first.id).status).toBe('expired');
    expect(fake.sessionFor(second.id).status).toBe('open');
  });

  it('answers 503 with a plain message while Stripe cannot be reached, and loses nothing', async () => {
    const order = await placeOrder(api, { from: day(42) });
    fake.failing = true;
    let refused;
    try {
      refused = await open(order.uuid);
    } finally {
      fake.failing = false;
    }
    expect(refused).toEqual({ status: 503, body: { message: 'Il servizio di pagamento non risponde: non è stato addebitato nulla, riprova fra poco' } });
    const session = await opened(order.uuid);
    expect(await api.deps.database.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, order.id))).toHaveLength(1);
    // Every try, the library's retries included, carried the same key: one Checkout Session at most.
    const keys = new Set(creates().filter((r) => r.params.client_reference_id === session.id).map((r) => r.idempotencyKey));
    expect([...keys]).toEqual([`checkout-${order.uuid}-${cents(order.total_amount)}-${session.id}`]);

    // The webhook cannot read the session back: 503 (Stripe retries), the event not recorded.
    const event = fake.event('checkout.session.completed', fake.pay(fake.sessionFor(session.id).id));
    fake.failing = true;
    try {
      expect((await deliver(event)).status).toBe(503);
    } finally {
      fake.failing = false;
    }
    expect((await guestOrder(order.uuid)).paid).toBe(false);
    expect(await deliver(event)).toEqual(applied());
    expect((await guestOrder(order.uuid)).paid).toBe(true);
  }, 30_000);

  it('starts a new session when Stripe comes back too late for the one that could not be created', async () => {
    const order = await placeOrder(api, { from: day(45) });
    fake.failing = true;
    try {
      expect((await open(order.uuid)).status).toBe(503);
    } finally {
      fake.failing = false;
    }
    // Five minutes on: the first session's end is 26 minutes away, Stripe wants at least 30.
    api.setNow(new Date(Date.now() + 5 * 60_000));
    const session = await opened(order.uuid);
    expect(Date.parse(session.expires_at) - api.deps.now().getTime()).toBe(31 * 60_000);
    const rows = await api.deps.database.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, order.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['expired', 'open']);
  }, 30_000);

  it('keeps the secret key out of the answers and the OpenAPI document', async () => {
    const doc = await (await api.request('/api/v1/openapi.json')).text();
    expect(doc).toContain('/v1/payments/stripe/webhook');
    expect(doc).not.toContain(SECRET_KEY);
    expect(doc).not.toContain(WEBHOOK_SECRET);
    const order = await placeOrder(api, { from: day(43) });
    const res = await api.request(`/api/v1/orders/${order.uuid}/payments`, { method: 'POST', json: { return_path: '/' } });
    expect(await res.text()).not.toContain(SECRET_KEY);
  });

  it('leaves kiosks to their cash desk: a kiosk asking to pay online gets 403 and no Checkout Session', async () => {
    const order = await placeOrder(api, { from: day(44) });
    const count = creates().length;
    const res = await api.request(`/api/v1/orders/${order.uuid}/payments`, { method: 'POST', token: k.cash, json: { return_path: '/' } });
    expect(res.status).toBe(403);
    expect(creates()).toHaveLength(count);
  });

  it('has no webhook without Stripe', async () => {
    const { stripe } = api.deps;
    api.deps.stripe = null;
    try {
      expect((await deliver(fake.event('checkout.session.completed', Object.values(Object.fromEntries(fake.sessions))[0]!))).status).toBe(404);
    } finally {
      api.deps.stripe = stripe;
    }
  });
});
