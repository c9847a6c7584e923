// A stand-in for the few endpoints of Stripe's API the server calls (Checkout Sessions create,
// retrieve and expire; Refunds create), for the real `stripe` library pointed at it with
// STRIPE_API_URL. stripe-mock (Stripe's own) is a Go binary these machines cannot install, so this
// checks what Stripe documents and the server relies on: the secret key as a Bearer token, form
// encoding with bracket notation, an Idempotency-Key on every POST (a repeated key with the same
// parameters answers the first answer; with others, 400 `idempotency_error`), and the parameters
// of a Checkout Session (euros in cents, absolute return URLs, a life of 30 minutes to 24 hours).
// Tests drive it the way Stripe would: `pay()` is the customer paying on the hosted page, `event()`
// the webhook's body, `failing` an outage.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;
export type Params = { [key: string]: string | Params | Params[] | string[] };

export interface RecordedRequest {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | undefined;
}

export interface CheckoutObject extends Json {
  id: string;
  object: 'checkout.session';
  amount_total: number;
  currency: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  payment_intent: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  url: string | null;
  locale: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
}

/** Stripe's hosted page for a session, as Stripe answers it (the e2e test serves it with page.route). */
export const CHECKOUT_PAGE_ORIGIN = 'https://checkout.stripe.com';
const MIN_LIFE_S = 30 * 60;
const MAX_LIFE_S = 24 * 60 * 60;
const LOCALES = new Set(['auto', 'it', 'fr', 'en', 'de', 'es']);

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** `a[b][0][c]=1` into `{ a: { b: [ { c: '1' } ] } }`, as Stripe reads a form. */
export function parseForm(body: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Params | Params[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const container = node as unknown as Record<string, unknown>;
      if (last) container[part] = value;
      else {
        container[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {};
        node = container[part] as Params;
      }
    });
  }
  return root;
}

class StripeRefusal extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const invalid = (message: string, param?: string) => new StripeRefusal(400, 'invalid_request_error', message, param ? 'parameter_invalid' : undefined);

function requireString(params: Params, name: string): string {
  const value = params[name];
  if (typeof value !== 'string' || !value) throw invalid(`Missing required param: ${name}.`, name);
  return value;
}

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly sessions = new Map<string, CheckoutObject>();
  readonly refunds = new Map<string, Json>();
  /** Answer every API call with a 500, as during an outage (the library retries, then throws). */
  failing = false;
  /** Refuse refunds (e.g. the charge is disputed): the money stays to refund by hand. */
  refusingRefunds = false;
  private readonly idempotent = new Map<string, { params: string; status: number; body: Json }>();
  private server: Server | null = null;
  url = '';

  constructor(readonly secretKey: string) {}

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  /** The customer pays on the hosted page; `amountTotal` stands for a charge that differs from the one asked. */
  pay(checkoutId: string, { amountTotal }: { amountTotal?: number } = {}): CheckoutObject {
    const session = this.sessions.get(checkoutId);
    if (!session) throw new Error(`no checkout session ${checkoutId}`);
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: id('pi'), url: null });
    if (amountTotal !== undefined) session.amount_total = amountTotal;
    return session;
  }

  /** The body Stripe posts to the webhook for `session` (a snapshot event, as the API version in use sends it). */
  event(type: string, session: CheckoutObject, eventId = id('evt')): string {
    return JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: '2026-11-18.endive',
      created: Math.floor(Date.now() / 1000),
      data: { object: session },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
  }

  /** The Checkout Session created for our payment session `paymentSessionId`. */
  sessionFor(paymentSessionId: string): CheckoutObject {
    const found = [...this.sessions.values()].find((s) => s.client_reference_id === paymentSessionId);
    if (!found) throw new Error(`no checkout session for ${paymentSessionId}`);
    return found;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const send = (status: number, payload: Json) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(payload));
    };
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    try {
      if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
        throw new StripeRefusal(401, 'invalid_request_error', 'Invalid API Key provided.');
      }
      if (!req.headers['stripe-version']) throw invalid('No Stripe-Version header.');
      if (req.method === 'POST') {
        if (!/^application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')) throw invalid('Requests must be form-encoded.');
        if (!idempotencyKey) throw invalid('POST without an Idempotency-Key: the server must name its retries.');
      }
      const params = req.method === 'POST' ? parseForm(body) : parseForm(new URL(req.url ?? '/', 'http://x').search.slice(1));
      this.requests.push({ method: req.method ?? '', path, params, idempotencyKey });
      if (this.failing) throw new StripeRefusal(500, 'api_error', 'An unknown error occurred.');
      if (req.method === 'POST' && idempotencyKey) {
        const key = `${path} ${idempotencyKey}`;
        const earlier = this.idempotent.get(key);
        if (earlier) {
          if (earlier.params !== body) {
            throw new StripeRefusal(400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
          }
          return send(earlier.status, earlier.body);
        }
        const answer = this.route(req.method, path, params);
        this.idempotent.set(key, { params: body, status: 200, body: answer });
        return send(200, answer);
      }
      return send(200, this.route(req.method ?? '', path, params));
    } catch (err) {
      if (!(err instanceof StripeRefusal)) throw err;
      send(err.status, { error: { type: err.type, message: err.message, ...(err.code ? { code: err.code } : {}) } });
    }
  }

  private route(method: string, path: string, params: Params): Json {
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.createSession(params);
    let match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) return this.existing(match[1]!);
    match = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && match) {
      const session = this.existing(match[1]!);
      if (session.status !== 'open') throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired.`);
      Object.assign(session, { status: 'expired', url: null });
      return session;
    }
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(params);
    throw new StripeRefusal(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  private existing(checkoutId: string): CheckoutObject {
    const session = this.sessions.get(checkoutId);
    if (!session) throw new StripeRefusal(404, 'invalid_request_error', `No such checkout.session: '${checkoutId}'`, 'resource_missing');
    return session;
  }

  private createSession(params: Params): CheckoutObject {
    if (params.mode !== 'payment') throw invalid('mode must be payment for a one-off charge.', 'mode');
    const items = params.line_items as Params[] | undefined;
    if (!Array.isArray(items) || items.length === 0) throw invalid('line_items is required in payment mode.', 'line_items');
    let amount = 0;
    let currency = '';
    for (const item of items) {
      const price = item.price_data as Params | undefined;
      if (!price) throw invalid('line_items[0][price_data] is required without a price.', 'line_items');
      currency = requireString(price, 'currency');
      const unit = Number(requireString(price, 'unit_amount'));
      if (!Number.isInteger(unit) || unit < 1) throw invalid('unit_amount must be a positive integer in the smallest currency unit.', 'unit_amount');
      if (!(price.product_data as Params | undefined)?.name) throw invalid('product_data[name] is required.', 'product_data');
      amount += unit * Number(requireString(item, 'quantity'));
    }
    const successUrl = requireString(params, 'success_url');
    const cancelUrl = requireString(params, 'cancel_url');
    for (const url of [successUrl, cancelUrl]) {
      if (!/^https?:\/\/[^/]/.test(url)) throw invalid('Not a valid URL', 'success_url');
    }
    const expiresAt = Number(requireString(params, 'expires_at'));
    const life = expiresAt - Math.floor(Date.now() / 1000);
    if (life < MIN_LIFE_S || life > MAX_LIFE_S) throw invalid('expires_at must be between 30 minutes and 24 hours from now.', 'expires_at');
    const locale = typeof params.locale === 'string' ? params.locale : null;
    if (locale && !LOCALES.has(locale)) throw invalid(`Invalid locale: ${locale}`, 'locale');
    const checkoutId = id('cs');
    const session: CheckoutObject = {
      id: checkoutId,
      object: 'checkout.session',
      amount_total: amount,
      currency,
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      url: `${CHECKOUT_PAGE_ORIGIN}/c/pay/${checkoutId}`,
      locale,
      success_url: successUrl,
      cancel_url: cancelUrl,
      expires_at: expiresAt,
      mode: 'payment',
      payment_intent_data_metadata: ((params.payment_intent_data as Params | undefined)?.metadata as Json | undefined) ?? {},
    };
    this.sessions.set(checkoutId, session);
    return session;
  }

  private createRefund(params: Params): Json {
    const paymentIntent = requireString(params, 'payment_intent');
    const paid = [...this.sessions.values()].find((s) => s.payment_intent === paymentIntent);
    if (!paid) throw new StripeRefusal(404, 'invalid_request_error', `No such payment_intent: '${paymentIntent}'`, 'resource_missing');
    if (this.refusingRefunds) throw new StripeRefusal(400, 'invalid_request_error', 'Charge has been disputed: it cannot be refunded.', 'charge_disputed');
    const refund = { id: id('re'), object: 'refund', amount: paid.amount_total, currency: paid.currency, payment_intent: paymentIntent, status: 'succeeded', metadata: params.metadata ?? {} };
    this.refunds.set(refund.id, refund);
    return refund;
  }
}
