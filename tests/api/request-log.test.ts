// The request log: one JSON line per request with its route pattern, the request id answered as
// X-Request-Id and found on every line the request causes (an error's stack among them), the
// kiosk and shop of a kiosk's request, a proxy's id believed only behind a trusted proxy, and no
// password, token, e-mail, phone, fiscal code, document or pairing code anywhere in what was
// written, also when the order's mail fails against a refusing SMTP server (smtp-server, real).
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '~server/app';
import { configureLogger } from '~server/log';
import { createMailer } from '~server/mail/mailer';
import { freePort } from '../support/free-port';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { idDocument, pair, totemOf } from '../support/staff';
import { requestInit } from '../support/request';
import { day, orderForm, pick } from '../support/orders';
import { SHOP } from '../support/staff';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '~/api/contract/idempotency';

interface Line {
  level: number;
  reqId?: string;
  msg: string;
  method?: string;
  route?: string;
  status?: number;
  durationMs?: number;
  kiosk?: string;
  shopId?: number;
  err?: { message: string; stack: string };
  attempts?: number;
}

const ERROR_LEVEL = 50;
const captured: string[] = [];
const lines = () => captured.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);
const linesOf = (reqId: string | null) => lines().filter((l) => l.reqId === reqId);
const accessLine = (reqId: string | null) => linesOf(reqId).find((l) => l.msg === 'request');

/** An SMTP server that answers every recipient "451 try again later", as a full mailbox host does. */
async function refusingSmtp() {
  const port = await freePort();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo: (_address, _session, callback) => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })),
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

beforeAll(() => configureLogger({ level: 'info', destination: { write: (line: string) => void captured.push(line) } }));
afterAll(() => configureLogger({ level: 'warn', destination: process.stdout }));

describe.each(testDrivers)('request log on $name', (driver) => {
  const api = seededApi(driver);

  it('writes one line per request with the route pattern, status and duration, under the answered id', async () => {
    const uuid = randomUUID();
    const res = await api.request(`/api/v1/guest/orders/${uuid}`);
    expect(res.status).toBe(404);
    const reqId = res.headers.get('x-request-id');
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    const line = accessLine(reqId)!;
    expect(line).toMatchObject({ method: 'GET', route: '/api/v1/guest/orders/:uuid', status: 404 });
    expect(line.durationMs).toBeGreaterThanOrEqual(0);
    expect(captured.join('')).not.toContain(uuid);
  });

  it("names the kiosk and its shop on a kiosk's request, and never its token or pairing code", async () => {
    const { code, pairingCode, shopId } = totemOf('BARD-01');
    const token = await pair(api, pairingCode);
    const res = await api.request('/api/v1/totem', { token });
    expect(res.status).toBe(200);
    expect(accessLine(res.headers.get('x-request-id'))).toMatchObject({ route: '/api/v1/totem', kiosk: code, shopId });
    const text = captured.join('');
    expect(text).not.toContain(token);
    expect(text).not.toContain(pairingCode);
  });

  it('keeps passwords, tokens, e-mails and phones out of the log on refusals and logins', async () => {
    const secrets = { email: 'giulia.verdi@example.com', phone: '+39 347 1234567', password: 'Segreta-2099!' };
    const refused = await api.request('/api/v1/signup', {
      method: 'POST',
      json: { first_name: 'Giulia', last_name: 'Verdi', username: secrets.email, phone: secrets.phone, password: secrets.password, password_confirmation: 'Diversa-2099!' },
    });
    expect(refused.status).toBe(422);
    expect(accessLine(refused.headers.get('x-request-id'))).toMatchObject({ route: '/api/v1/signup', status: 422 });
    const wrong = await api.request('/api/v1/login', { method: 'POST', json: { username: 'mario.rossi@example.com', password: secrets.password } });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    const login = await api.request('/api/v1/login', { method: 'POST', json: { username: 'mario.rossi@example.com', password: 'Demo-2026!' } });
    expect(login.status).toBe(200);
    const { data } = (await login.json()) as { data: { token: string } };
    expect((await api.request('/api/v1/user', { token: data.token })).status).toBe(200);
    const text = captured.join('');
    for (const value of [...Object.values(secrets), 'mario.rossi@example.com', 'Demo-2026!', data.token]) expect(text).not.toContain(value);
  });

  it("logs a failure's error with its stack under the request's id, without the personal data in its message", async () => {
    // A clock that fails: the first thing a request with a token asks it is when the token expires.
    const broken = createApp({ ...api.deps, now: () => { throw new Error('token lookup failed for anna.neri@example.com'); } });
    const res = await broken.request('/api/v1/user', requestInit({ token: 'x'.repeat(40) }));
    expect(res.status).toBe(500);
    const reqId = res.headers.get('x-request-id');
    const error = linesOf(reqId).find((l) => l.err);
    expect(error?.level).toBe(ERROR_LEVEL);
    expect(error?.err?.stack).toContain('token lookup failed');
    expect(error?.err?.stack).toMatch(/\n\s+at /);
    expect(accessLine(reqId)).toMatchObject({ route: '/api/v1/user', status: 500, level: ERROR_LEVEL });
    expect(captured.join('')).not.toContain('anna.neri@example.com');
  });

  it("logs an idempotent replay and a rate-limit refusal under their request's id, without the order's or requester's data", async () => {
    const customer = { email: 'paola.ricci@example.com', phone: '+39 348 7654321' };
    const from = day(6);
    const bike = await pick(api, SHOP, 'CITYBIKE', { from });
    const form = () => orderForm({ from, email: customer.email, phone: customer.phone, cart: [{ prices: [bike.main.id] }] });
    const key = randomUUID();
    const post = () => api.request(`/api/v1/shops/${SHOP}/orders`, { method: 'POST', body: form(), headers: { [IDEMPOTENCY_HEADER]: key } });
    expect((await post()).status).toBe(201);
    const replay = await post();
    expect(replay.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(linesOf(replay.headers.get('x-request-id')).map((l) => l.msg)).toContain('idempotent replay: the stored answer, nothing ran');

    // One "ask the shop" request an hour from this address: the second is refused.
    const limited = createApp({ ...api.deps, bookingRequestLimit: { limit: 1, windowMs: 3_600_000 } });
    const ask = () =>
      limited.request('/api/v1/booking_requests', requestInit({ method: 'POST', json: { shop_id: 1, first_name: 'Paola', last_name: 'Ricci', ...customer, date_from: day(40), date_to: day(41), people: 3, message: 'Tre kit sci.' } }));
    expect((await ask()).status).toBe(201);
    const refused = await ask();
    expect(refused.status).toBe(429);
    const reqId = refused.headers.get('x-request-id');
    expect(linesOf(reqId).map((l) => l.msg)).toContain('rate limit: refused');
    expect(accessLine(reqId)).toMatchObject({ route: '/api/v1/booking_requests', status: 429 });
    const text = captured.join('');
    for (const value of Object.values(customer)) expect(text).not.toContain(value);
  });

  it("logs an order's failed mail under the order's request id, without its fiscal code, e-mail, phone or document", async () => {
    const person = { email: 'ortensia.galli@example.com', phone: '+39 349 5556667', fiscal: 'GLLRTN85C41F205Z', document: 'passaporto-ortensia-galli.png' };
    const smtp = await refusingSmtp();
    const mailer = api.deps.mailer;
    api.deps.mailer = createMailer({ db: api.deps.database.db, outboxDir: `${api.dataDir}/outbox`, smtpUrl: smtp.url, limits: { maxAttempts: 3, maxDelayMs: 60_000 } });
    try {
      const from = day(8);
      const bike = await pick(api, SHOP, 'CITYBIKE', { from });
      const form = orderForm({
        from,
        email: person.email,
        phone: person.phone,
        invoice: true,
        fiscal_code: person.fiscal,
        cart: [{ prices: [bike.main.id] }],
        medias: [{ file: idDocument(person.document) }],
      });
      const res = await api.request(`/api/v1/shops/${SHOP}/orders`, { method: 'POST', body: form });
      expect(res.status).toBe(201);
      const reqId = res.headers.get('x-request-id');
      expect(accessLine(reqId)).toMatchObject({ route: '/api/v1/shops/:id/orders', status: 201 });
      // The mail's first attempt runs after the answer, still under the order's request.
      await vi.waitFor(() => expect(linesOf(reqId).find((l) => l.msg.startsWith('mail not sent'))).toMatchObject({ attempts: 1 }), { timeout: 15_000, interval: 20 });
      const text = captured.join('');
      for (const value of Object.values(person)) expect(text).not.toContain(value);
    } finally {
      await api.deps.mailer.close();
      api.deps.mailer = mailer;
      await smtp.close();
    }
  });

  it("takes the proxy's X-Request-Id only behind a trusted proxy, and only when it looks like an id", async () => {
    const direct = await api.request('/api/v1/user', { headers: { 'x-request-id': 'chosen-by-the-client' } });
    expect(direct.headers.get('x-request-id')).not.toBe('chosen-by-the-client');
    expect(accessLine('chosen-by-the-client')).toBeUndefined();

    const proxied = createApp({ ...api.deps, trustProxy: 1 });
    const viaProxy = await proxied.request('/api/v1/user', requestInit({ headers: { 'x-request-id': 'nginx-4f2a9c' } }));
    expect(viaProxy.headers.get('x-request-id')).toBe('nginx-4f2a9c');
    expect(accessLine('nginx-4f2a9c')).toMatchObject({ route: '/api/v1/user', status: 401 });

    for (const forged of ['" injected "level":60', 'x'.repeat(129)]) {
      const res = await proxied.request('/api/v1/user', requestInit({ headers: { 'x-request-id': forged } }));
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
