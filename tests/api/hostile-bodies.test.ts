// Hostile request bodies: bracket-notation keys naming inherited members must never
// touch a shared object, forms and JSON are bounded in size, field count and depth, and after any
// of them the API keeps answering. Each case below answered 500, poisoned the process or was
// buffered whole before the fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '../support/databases';
import { createTestApi, type TestApi } from '../support/app';
import { PDF_BYTES, day, file, orderForm, pick, postOrder } from '../support/orders';
import { outcome, refusal } from '../support/contract';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { pair, placeOrder, SHOP, totemOf } from '../support/staff';

const BIKE_SHOP = 3; // Riviera Bike Rent: city bikes need no customer details
const TOO_LARGE = { message: 'La richiesta è troppo grande' };

// Every key is sent next to a valid order. The built-ins of this realm are the server's own
// (createTestApi runs in-process), so they are checked directly as well.
const HOSTILE_KEYS = [
  'hasOwnProperty[call]',
  'toString[bind][apply]',
  'valueOf[x]',
  '__lookupGetter__[x]',
  '__proto__[x]',
  'constructor[prototype][x]',
  'constructor[prototype][polluted]',
  'propertyIsEnumerable[call]',
  'cart[0][customer][hasOwnProperty][call]',
  'cart[0][customer][__proto__][polluted]',
  'cart[constructor][prototype]',
  'medias[0][constructor][prototype][polluted]',
  'coupon_codes[__proto__]',
];

const builtInsIntact = () => {
  expect(Object.prototype.hasOwnProperty.call).toBe(Function.prototype.call);
  expect(Object.prototype.toString.bind).toBe(Function.prototype.bind);
  expect(Object.prototype.valueOf).not.toHaveProperty('x');
  expect(Object.prototype).not.toHaveProperty('polluted');
  expect(Object.prototype).not.toHaveProperty('x');
  expect(Array.prototype).not.toHaveProperty('polluted');
  expect(Object.getOwnPropertyNames(Object.prototype.hasOwnProperty)).not.toContain('call');
};

describe('hostile request bodies', () => {
  let api: TestApi;
  let mainPrice: number;
  beforeAll(async () => {
    api = await createTestApi(testDrivers[0]!);
    mainPrice = (await pick(api, BIKE_SHOP, 'CITYBIKE', { from: day(30), to: day(30) })).main.id;
  }, 120_000);
  afterAll(() => api.dispose());

  // Each order on its own day and with its own email: stock and per-customer limits stay out of the way.
  let placedCount = 0;
  const validForm = (extra: Record<string, string> = {}) => {
    const n = placedCount++;
    return orderForm({ from: day(30 + (n % 80)), cart: [{ prices: [mainPrice] }], email: `hostile${n}@example.com`, extra });
  };

  const stillServing = async () => {
    expect((await api.request('/api/health')).status).toBe(200);
    const placed = await postOrder(api, BIKE_SHOP, validForm());
    expect(placed.status).toBe(201);
  };

  it('never lets a bracket key reach a built-in: the key is refused (422) or ignored, and the API keeps serving', async () => {
    for (const key of HOSTILE_KEYS) {
      const res = await api.request(`/api/v1/shops/${BIKE_SHOP}/orders`, { method: 'POST', body: validForm({ [key]: 'x' }) });
      const body = await outcome(res, OrderEnvelopeSchema);
      expect([key, res.status === 201 || res.status === 422]).toEqual([key, true]);
      if (res.status === 422) expect(body.errors).toBeTypeOf('object');
      builtInsIntact();
      // The same request that used to take the process down: a lone key, no order at all.
      const lone = new FormData();
      lone.append(key, 'x');
      const alone = await api.request(`/api/v1/shops/${BIKE_SHOP}/orders`, { method: 'POST', body: lone });
      expect([key, alone.status]).toEqual([key, 422]);
      builtInsIntact();
    }
    await stillServing();
  });

  it('ignores unknown top-level names (as it ignores client-side totals) but refuses malformed segments', async () => {
    const ignored = await postOrder(api, BIKE_SHOP, validForm({ 'hasOwnProperty[call]': 'x', 'whatever[deep][er]': '1' }));
    expect(ignored.status).toBe(201);
    for (const key of ['cart[0][prices][0][', 'cart[0][pri-ces][0]', 'cart[0][prices][]', 'cart[0][prices][9999]', 'cart[x][prices][0]', 'cart[0].prices']) {
      const res = await api.request(`/api/v1/shops/${BIKE_SHOP}/orders`, { method: 'POST', body: validForm({ [key]: '1' }) });
      expect([key, res.status]).toEqual([key, 422]);
      const body = await refusal(res);
      expect(body.message).toBeTypeOf('string');
      expect(body.errors).toEqual({ _: ['Il modulo inviato non è leggibile'] });
    }
    await stillServing();
  });

  it('refuses a form of 10 000 fields before building it, and a huge one while it streams', async () => {
    const form = validForm();
    for (let i = 0; i < 10_000; i++) form.append(`f${i}`, '1');
    const res = await api.request(`/api/v1/shops/${BIKE_SHOP}/orders`, { method: 'POST', body: form });
    expect(res.status).toBe(422);
    expect(await refusal(res)).toEqual({ message: 'La richiesta è troppo grande', errors: { _: ['La richiesta è troppo grande'] } });

    // 300 000 fields (18 MB, under the upload limit): refused while the body streams, not parsed.
    // Counted in bytes pulled from the body, not in seconds (no timed test): the server stops
    // reading long before the end.
    const huge = validForm();
    for (let i = 0; i < 300_000; i++) huge.append(`f${i}`, '1');
    const encoded = new Response(huge);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const CHUNK = 64 * 1024;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= bytes.length) return controller.close();
        controller.enqueue(bytes.subarray(pulled, pulled + CHUNK));
        pulled += CHUNK;
      },
    });
    const hugeRes = await api.request(`/api/v1/shops/${BIKE_SHOP}/orders`, {
      method: 'POST',
      body,
      headers: { 'content-type': encoded.headers.get('content-type')! },
      duplex: 'half',
    } as RequestInit);
    expect(hugeRes.status).toBe(422);
    expect(pulled).toBeLessThan(bytes.length / 4);
    await stillServing();
  });

  it('accepts the largest form the order schema allows (50 lines with customers and 10 prices)', async () => {
    const form = orderForm({
      from: day(60),
      cart: Array.from({ length: 50 }, () => ({
        prices: Array.from({ length: 10 }, () => mainPrice),
        customer: { first_name: 'A', last_name: 'B', height: '1', weight: '1', shoe_size: '1', level: 'x' },
      })),
    });
    expect([...form.keys()].length).toBeGreaterThan(800);
    const res = await api.request(`/api/v1/shops/${BIKE_SHOP}/orders`, { method: 'POST', body: form });
    // Read as a form: whatever the catalogue says about ten identical prices, it is not a form error.
    const body = await refusal(res);
    expect(res.status === 201 || !('_' in (body.errors ?? {}))).toBe(true);
  });

  it('refuses a 40-deep bracket key', async () => {
    const key = `cart[0]${'[a]'.repeat(39)}`;
    const res = await api.request(`/api/v1/shops/${BIKE_SHOP}/orders`, { method: 'POST', body: validForm({ [key]: '1' }) });
    expect(res.status).toBe(422);
    expect((await refusal(res)).errors).toEqual({ _: ['Il modulo inviato non è leggibile'] });
    await stillServing();
  });

  it('answers 413 to a 1 MB JSON or form-encoded body outside the upload routes, without reading it', async () => {
    const big = JSON.stringify({ username: 'a'.repeat(1024 * 1024), password: 'x' });
    const declared = await api.request('/api/v1/login', { method: 'POST', body: big, headers: { 'content-type': 'application/json', 'content-length': String(big.length) } });
    expect(declared.status).toBe(413);
    expect(await refusal(declared)).toEqual(TOO_LARGE);

    // No length announced (chunked): counted while read, refused once past the limit.
    const chunks = [new TextEncoder().encode(big)];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const chunked = await api.request('/api/v1/login', { method: 'POST', body: stream, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await refusal(chunked)).toEqual(TOO_LARGE);

    const encoded = await api.request('/api/v1/broadcasting/auth', {
      method: 'POST',
      body: `socket_id=1.1&channel_name=${'a'.repeat(1024 * 1024)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(encoded.status).toBe(413);

    // Multipart is no way around the limit on a route that takes no uploads.
    const multipart = new FormData();
    multipart.append('username', 'a'.repeat(1024 * 1024));
    expect((await api.request('/api/v1/login', { method: 'POST', body: multipart })).status).toBe(413);

    // A JSON order creation is not an upload either.
    const jsonOrder = await api.request(`/api/v1/shops/${BIKE_SHOP}/orders`, { method: 'POST', json: { from: day(30), pad: 'a'.repeat(1024 * 1024) } });
    expect(jsonOrder.status).toBe(413);

    // Ordinary bodies are untouched.
    const login = await api.request('/api/v1/login', { method: 'POST', json: { username: 'mario.rossi@example.com', password: 'Demo-2026!' } });
    expect(login.status).toBe(200);
  });

  it('still accepts an 8 MB document with an order and on the upload route', async () => {
    const almost8mb = Buffer.concat([PDF_BYTES, Buffer.alloc(8 * 1024 * 1024 - PDF_BYTES.length - 1024)]);
    const placed = await postOrder(
      api,
      BIKE_SHOP,
      orderForm({ from: day(120), cart: [{ prices: [mainPrice] }], medias: [{ file: file(almost8mb, 'passaporto.pdf', 'application/pdf') }] }),
    );
    expect(placed.status).toBe(201);
    expect(placed.order.medias.map((m) => m.name)).toEqual(['passaporto.pdf']);

    const later = new FormData();
    later.append('file', file(almost8mb, 'patente.pdf', 'application/pdf'));
    const res = await api.request(`/api/v1/orders/${placed.order.uuid}/media`, { method: 'POST', body: later });
    expect(res.status).toBe(201);
  });

  it('bounds the depth of JSON bodies: a deep array is a 422 (or 413 past the size limit), never a 500', async () => {
    const kiosk = await pair(api, totemOf('BARD-03').pairingCode);
    const order = await placeOrder(api, { from: day(32), shop: SHOP });
    const posLog = (response: string) =>
      api.request('/api/pos_logs', {
        method: 'POST',
        token: kiosk,
        headers: { 'content-type': 'application/json' },
        body: `{"order_number":${JSON.stringify(order.number)},"date":"2026-11-21T10:00:00+01:00","response":${response}}`,
      });
    const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);

    const deep = await posLog(nested(20_000));
    expect(deep.status).toBe(422);
    expect(await refusal(deep)).toEqual({ message: 'Il corpo della richiesta non è JSON valido', errors: { _: ['Il corpo della richiesta non è JSON valido'] } });

    const deeper = await posLog(nested(200_000));
    expect([413, 422]).toContain(deeper.status);

    // Brackets inside strings are text, not depth.
    const text = await posLog(JSON.stringify({ error: '['.repeat(5_000) }));
    expect(text.status).toBe(201);
    const reasonable = await posLog(`{"a":${nested(20)}}`);
    expect(reasonable.status).toBe(201);

    expect((await api.request('/api/health')).status).toBe(200);
  });
});
