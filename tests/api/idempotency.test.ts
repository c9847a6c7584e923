// The `Idempotency-Key` header on the kiosk's confirmations ("works through an API
// outage"): POST v1/delivery, v1/pickup and both resets answer a retry with the same key with the
// first answer (same status and body, `Idempotent-Replayed: true`) and hand nothing out twice, also
// when two retries race; keys are per shop (a device re-paired as another kiosk of the shop); a refusal
// (4xx) and a 5xx are not stored, so a resend runs again; a key whose request died is
// taken over once its lease ends; old keys are deleted. On PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { idempotencyKeys, totems } from '~server/db/schema/index';
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS } from '~server/http/idempotency';
import { IDEMPOTENCY_HEADER } from '~/api/contract/idempotency';
import { testDrivers } from '../support/databases';
import { day } from '../support/orders';
import { call, handOutsOf, pairedKiosks, placeOrder, unit } from '../support/staff';
import { parseByRoute, type Refusal, type RouteAnswer } from '../support/contract';

interface Answer<Body> {
  status: number;
  /** A 2xx body parsed with its route's contract schema (tests/support/contract.ts), else as sent. */
  body: Body & Refusal;
  replayed: boolean;
  retryAfter: string | null;
}

describe.each(testDrivers)('idempotency keys on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);

  /** A POST with an idempotency key (none when `key` is null); `raw` sends the body text as is. */
  async function send<P extends string>(
    path: P,
    key: string | null,
    body: unknown,
    options: { token?: string; lang?: string; raw?: string } = {},
  ): Promise<Answer<RouteAnswer<'POST', `/api/v1/${P}`>>> {
    const headers: Record<string, string> = key === null ? {} : { [IDEMPOTENCY_HEADER]: key };
    const init = options.raw !== undefined ? { body: options.raw, headers: { ...headers, 'content-type': 'application/json' } } : { json: body, headers };
    const url = `/api/v1/${path}` as const;
    const res = await api.request(url, { method: 'POST', token: options.token ?? k.admin, lang: options.lang, ...init });
    const text = await res.text();
    const json: unknown = text ? JSON.parse(text) : null;
    const parsed = res.status >= 200 && res.status < 300 ? parseByRoute('POST', url, json) : json;
    // Typed by route (RouteAnswer) from the same table that parsed it (parseByRoute).
    const typed = parsed as RouteAnswer<'POST', typeof url> & Refusal;
    return { status: res.status, body: typed, replayed: res.headers.get('idempotent-replayed') === 'true', retryAfter: res.headers.get('retry-after') };
  }
  const deliver = (key: string | null, orderId: number, details: unknown[], options?: { token?: string; lang?: string }) =>
    send('delivery', key, { order_id: orderId, delivery_details: details }, options);
  const pickup = (key: string | null, codes: string[]) => send('pickup', key, { items: codes.map((internal_code) => ({ internal_code })) });
  const reset = (key: string | null, id: number, what: 'delivery' | 'pickup') => send(`delivery_details/${id}/reset_${what}`, key, undefined);
  const lines = (order: Awaited<ReturnType<typeof placeOrder>>) => order.order_detail_pools.flatMap((p) => p.order_details.map((d) => d.id));

  async function unitStatus(code: string): Promise<string> {
    return (await call(api, 'GET', `/api/v1/specific_products/${code}`, k.admin)).body.data.status;
  }
  const keyRow = async (totemCode: string, key: string) => {
    const [t] = await api.deps.database.db.select().from(totems).where(eq(totems.code, totemCode));
    const [row] = await api.deps.database.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.totemId, t!.id), eq(idempotencyKeys.key, key)));
    return row ?? null;
  };
  const keyRows = async () => (await api.deps.database.db.select({ n: count() }).from(idempotencyKeys))[0]!.n;

  it('hands out once for a delivery sent twice with one key, answering the same body twice', async () => {
    const order = await placeOrder(api, { from: day(3) });
    const key = randomUUID();
    const details = [{ internal_code: unit('CITYBIKE', 1), id_order_detail: lines(order)[0] }];
    const first = await deliver(key, order.id, details);
    expect([first.status, first.replayed]).toEqual([200, false]);
    const again = await deliver(key, order.id, details);
    expect([again.status, again.replayed]).toEqual([200, true]);
    expect(again.body).toEqual(first.body);
    expect(await handOutsOf(api, unit('CITYBIKE', 1))).toBe(1);
    // Without the key the same delivery is a new request: refused, the unit is out.
    expect((await deliver(null, order.id, details)).status).toBe(422);
  });

  it('lets exactly one of two racing sends with one key hand out; the other gets the same answer or 409, a retry the stored one', async () => {
    const order = await placeOrder(api, { from: day(4) });
    for (const n of [1, 2, 3]) {
      const key = randomUUID();
      const details = [{ internal_code: unit('CIASPOLE', n) }];
      const answers = await Promise.all([deliver(key, order.id, details), deliver(key, order.id, details)]);
      const ran = answers.filter((a) => a.status === 200 && !a.replayed);
      expect(ran).toHaveLength(1);
      const other = answers.find((a) => a !== ran[0])!;
      if (other.status === 409) {
        expect(other.body).toEqual({ message: 'Questa richiesta è ancora in elaborazione: riprova tra qualche istante' });
        expect(other.retryAfter).toBe('1');
      } else {
        expect([other.status, other.replayed, other.body]).toEqual([200, true, ran[0]!.body]);
      }
      const retry = await deliver(key, order.id, details);
      expect([retry.status, retry.replayed, retry.body]).toEqual([200, true, ran[0]!.body]);
      expect(await handOutsOf(api, unit('CIASPOLE', n))).toBe(1);
    }
  });

  it('refuses a key reused for another request (body, path) with 422; key order and spacing of the JSON do not matter', async () => {
    const order = await placeOrder(api, { from: day(5) });
    const key = randomUUID();
    const first = await deliver(key, order.id, [{ internal_code: unit('CIASPOLE', 4) }]);
    expect(first.status).toBe(200);
    const other = await deliver(key, order.id, [{ internal_code: unit('CIASPOLE', 5) }]);
    expect([other.status, other.body]).toEqual([
      422,
      { message: "Questa chiave di idempotenza è già stata usata per un'altra richiesta", errors: { idempotency_key: ["Questa chiave di idempotenza è già stata usata per un'altra richiesta"] } },
    ]);
    expect(await handOutsOf(api, unit('CIASPOLE', 5))).toBe(0);
    expect((await pickup(key, [unit('CIASPOLE', 4)])).status).toBe(422);
    expect(await unitStatus(unit('CIASPOLE', 4))).toBe('out');
    const reordered = await send('delivery', key, null, { raw: `{ "delivery_details": [ { "internal_code": "${unit('CIASPOLE', 4)}" } ], "order_id": ${order.id} }` });
    expect([reordered.status, reordered.replayed, reordered.body]).toEqual([200, true, first.body]);
  });

  it('refuses a malformed key with 422 on idempotency_key and runs nothing', async () => {
    const order = await placeOrder(api, { from: day(6) });
    const details = [{ internal_code: unit('CIASPOLE', 6) }];
    for (const key of ['short', 'has spaces in it', 'é'.repeat(10), 'x'.repeat(101)]) {
      const res = await deliver(key, order.id, details, { lang: 'en' });
      expect([res.status, res.body.errors]).toEqual([422, { idempotency_key: ['Invalid idempotency key (8 to 100 letters, digits, - and _)'] }]);
    }
    expect(await handOutsOf(api, unit('CIASPOLE', 6))).toBe(0);
    expect((await deliver('x'.repeat(100), order.id, details)).status).toBe(200);
  });

  it('keeps no row for a refused confirmation: its resend runs again, goes through once the unit is back, and that answer is replayed', async () => {
    const [a, b] = [await placeOrder(api, { from: day(7) }), await placeOrder(api, { from: day(7) })];
    expect((await deliver(null, a.id, [{ internal_code: unit('MTB', 1) }])).status).toBe(200);
    const before = await keyRows();
    const key = randomUUID();
    const refused = await deliver(key, b.id, [{ internal_code: unit('MTB', 1) }], { lang: 'en' });
    expect([refused.status, refused.body.errors]).toEqual([422, { 'delivery_details.0.internal_code': [`${unit('MTB', 1)} is already out and not back yet`] }]);
    expect([await keyRow('BARD-02', key), await keyRows()]).toEqual([null, before]);
    const again = await deliver(key, b.id, [{ internal_code: unit('MTB', 1) }]);
    expect([again.status, again.replayed, await keyRows()]).toEqual([422, false, before]);
    // The unit is back: the resend runs and hands it out (a queued confirmation carries its own
    // moment, which a return recorded after it makes stale: tests/api/replay-across-kiosks.test.ts).
    expect((await pickup(null, [unit('MTB', 1)])).status).toBe(200);
    const retry = await deliver(key, b.id, [{ internal_code: unit('MTB', 1) }]);
    expect([retry.status, retry.replayed]).toEqual([200, false]);
    const resent = await deliver(key, b.id, [{ internal_code: unit('MTB', 1) }]);
    expect([resent.status, resent.replayed, resent.body]).toEqual([200, true, retry.body]);
    expect(await unitStatus(unit('MTB', 1))).toBe('out');
    expect(await handOutsOf(api, unit('MTB', 1))).toBe(2);
    expect(await keyRows()).toBe(before + 1);
  });

  it('keeps no row for an invalid body: the same key with a valid one then hands out, and its resend replays it', async () => {
    const order = await placeOrder(api, { from: day(7) });
    const before = await keyRows();
    const key = randomUUID();
    const invalid = await deliver(key, order.id, [{ internal_code: '' }]);
    expect([invalid.status, Object.keys(invalid.body.errors), await keyRows()]).toEqual([422, ['delivery_details.0.internal_code'], before]);
    const valid = await deliver(key, order.id, [{ internal_code: unit('CASCO', 3) }]);
    expect([valid.status, valid.replayed]).toEqual([200, false]);
    const resent = await deliver(key, order.id, [{ internal_code: unit('CASCO', 3) }]);
    expect([resent.status, resent.replayed, resent.body]).toEqual([200, true, valid.body]);
    // After a success the key is that request's: another body is refused, as before.
    expect((await deliver(key, order.id, [{ internal_code: '' }])).body.errors).toEqual({ idempotency_key: [expect.any(String)] });
    expect(await handOutsOf(api, unit('CASCO', 3))).toBe(1);
    expect(await keyRows()).toBe(before + 1);
  });

  it('takes a unit back once for a pickup sent twice with one key', async () => {
    const [a, b] = [await placeOrder(api, { from: day(8) }), await placeOrder(api, { from: day(8) })];
    expect((await deliver(null, a.id, [{ internal_code: unit('MTB', 2) }])).status).toBe(200);
    const key = randomUUID();
    const back = await pickup(key, [unit('MTB', 2)]);
    expect([back.status, back.replayed, back.body.data[0].id]).toEqual([200, false, a.id]);
    // Out again for another order: replaying the pickup must not take it back.
    expect((await deliver(null, b.id, [{ internal_code: unit('MTB', 2) }])).status).toBe(200);
    const retry = await pickup(key, [unit('MTB', 2)]);
    expect([retry.status, retry.replayed, retry.body]).toEqual([200, true, back.body]);
    expect(await unitStatus(unit('MTB', 2))).toBe('out');
  });

  it('undoes a delivery once for a reset_delivery sent twice with one key', async () => {
    const order = await placeOrder(api, { from: day(9) });
    const out = await deliver(null, order.id, [{ internal_code: unit('MTB', 3) }]);
    const id = out.body.data.delivery!.delivery_details[0]!.id;
    const key = randomUUID();
    const undone = await reset(key, id, 'delivery');
    expect([undone.status, undone.replayed, undone.body.data.delivery.delivery_details]).toEqual([200, false, []]);
    const retry = await reset(key, id, 'delivery');
    expect([retry.status, retry.replayed, retry.body]).toEqual([200, true, undone.body]);
    expect((await reset(null, id, 'delivery')).status).toBe(404); // what a second run would say
    // The same key on another hand-out is another request.
    const next = await deliver(null, order.id, [{ internal_code: unit('MTB', 3) }]);
    expect((await reset(key, next.body.data.delivery.delivery_details[0].id, 'delivery')).status).toBe(422);
    expect(await unitStatus(unit('MTB', 3))).toBe('out');
  });

  it('undoes a pickup once for a reset_pickup sent twice with one key', async () => {
    const order = await placeOrder(api, { from: day(10) });
    const out = await deliver(null, order.id, [{ internal_code: unit('MTB', 4) }]);
    const id = out.body.data.delivery!.delivery_details[0]!.id;
    expect((await pickup(null, [unit('MTB', 4)])).status).toBe(200);
    const key = randomUUID();
    const outAgain = await reset(key, id, 'pickup');
    expect([outAgain.status, outAgain.body.data.delivery.delivery_details[0].datetime_return]).toEqual([200, null]);
    expect((await pickup(null, [unit('MTB', 4)])).status).toBe(200);
    const retry = await reset(key, id, 'pickup');
    expect([retry.status, retry.replayed, retry.body]).toEqual([200, true, outAgain.body]);
    expect(await unitStatus(unit('MTB', 4))).toBe('available');
  });

  // A kiosk's outbox belongs to the device, which may be re-paired as another kiosk of the shop.
  it('scopes keys per shop: another admin kiosk of the shop gets the first answer; another shop runs its own', async () => {
    const order = await placeOrder(api, { from: day(11) });
    const key = randomUUID();
    const details = [{ internal_code: unit('CASCO', 1) }];
    const first = await deliver(key, order.id, details);
    expect(first.status).toBe(200);
    const desk = await deliver(key, order.id, details, { token: k.cash });
    expect([desk.status, desk.replayed, desk.body]).toEqual([200, true, first.body]);
    expect(await handOutsOf(api, unit('CASCO', 1))).toBe(1);
    // The same key for another request of the shop is a reused key.
    const other = await deliver(key, order.id, [{ internal_code: unit('CASCO', 2) }], { token: k.cash });
    expect([other.status, Object.keys(other.body.errors)]).toEqual([422, ['idempotency_key']]);
    // A public kiosk of the shop gets no other kiosk's answer (an order it may not read), and nothing runs.
    const pub = await deliver(key, order.id, details, { token: k.public });
    expect([pub.status, pub.replayed]).toEqual([403, false]);
    // Another shop's kiosk: its own request (that order does not exist for it).
    const elsewhere = await deliver(key, order.id, details, { token: k.other });
    expect([elsewhere.status, elsewhere.replayed]).toEqual([404, false]);
    expect(await handOutsOf(api, unit('CASCO', 1))).toBe(1);
  });

  it('changes nothing without the header, nor for callers that are not totems; keeps no 401/403', async () => {
    const order = await placeOrder(api, { from: day(12) });
    const details = [{ internal_code: unit('CASCO', 4) }];
    const first = await deliver(null, order.id, details);
    expect([first.status, first.replayed]).toEqual([200, false]);
    expect((await deliver(null, order.id, details)).status).toBe(422);
    const key = randomUUID();
    const anonymous = await api.request('/api/v1/delivery', { method: 'POST', json: { order_id: order.id, delivery_details: details }, headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(anonymous.status).toBe(401);
    // A totem that may not deliver: refused, and nothing kept (its rights may change).
    const forbidden = await deliver(key, order.id, details, { token: k.public });
    expect([forbidden.status, forbidden.replayed]).toEqual([403, false]);
    expect(await keyRow('BARD-01', key)).toBeNull();
    expect((await deliver(key, order.id, details, { token: k.public })).replayed).toBe(false);
  });

  it('does not store a 5xx: a retry with the key runs again', async () => {
    const order = await placeOrder(api, { from: day(13) });
    const details = [{ internal_code: unit('CASCO', 5) }];
    const key = randomUUID();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = vi.spyOn(api.deps.database.db, 'transaction').mockRejectedValueOnce(new Error('database went away'));
    try {
      const broken = await deliver(key, order.id, details);
      expect([broken.status, broken.body]).toEqual([500, { message: 'Errore interno del server' }]);
    } finally {
      failing.mockRestore();
      errors.mockRestore();
    }
    expect(await keyRow('BARD-02', key)).toBeNull();
    const retry = await deliver(key, order.id, details);
    expect([retry.status, retry.replayed]).toEqual([200, false]);
    expect((await deliver(key, order.id, details)).replayed).toBe(true);
    expect(await handOutsOf(api, unit('CASCO', 5))).toBe(1);
  });

  it('answers 409 while a key is held; once the holder\'s lease ends a retry takes over and hands nothing out twice', async () => {
    const order = await placeOrder(api, { from: day(14) });
    const details = [{ internal_code: unit('CASCO', 6) }];
    const key = randomUUID();
    expect((await deliver(key, order.id, details)).status).toBe(200);
    // The process died after the delivery committed and before the answer was stored.
    const row = (await keyRow('BARD-02', key))!;
    const started = api.deps.now();
    await api.deps.database.db
      .update(idempotencyKeys)
      .set({ completedAt: null, responseStatus: null, responseBody: null, attempt: 'dead', startedAt: started })
      .where(and(eq(idempotencyKeys.scope, row.scope), eq(idempotencyKeys.key, key)));
    const held = await deliver(key, order.id, details, { lang: 'en' });
    expect([held.status, held.body, held.retryAfter]).toEqual([409, { message: 'This request is still being processed: try again in a moment' }, '1']);
    try {
      api.setNow(new Date(started.getTime() + IDEMPOTENCY_LEASE_MS + 1000));
      const takenOver = await deliver(key, order.id, details);
      expect([takenOver.status, takenOver.replayed, Object.keys(takenOver.body.errors)]).toEqual([422, false, ['delivery_details.0.internal_code']]);
      // A refusal is not kept: the next retry runs again and meets the same refusal.
      const retry = await deliver(key, order.id, details);
      expect([retry.status, retry.replayed, retry.body]).toEqual([422, false, takenOver.body]);
      expect(await keyRow('BARD-02', key)).toBeNull();
    } finally {
      api.setNow(started);
    }
    expect(await handOutsOf(api, unit('CASCO', 6))).toBe(1);
  });

  it('deletes keys older than 24 hours when new keys come in', async () => {
    const order = await placeOrder(api, { from: day(15) });
    const old = randomUUID();
    expect((await deliver(old, order.id, [{ internal_code: unit('CLIMB', 1) }])).status).toBe(200);
    const started = api.deps.now();
    try {
      api.setNow(new Date(started.getTime() + IDEMPOTENCY_TTL_MS + 60_000));
      const fresh = randomUUID();
      expect((await pickup(fresh, [unit('CLIMB', 1)])).status).toBe(200);
      expect(await keyRow('BARD-02', old)).toBeNull();
      expect(await keyRow('BARD-02', fresh)).not.toBeNull();
    } finally {
      api.setNow(started);
    }
  });
});
