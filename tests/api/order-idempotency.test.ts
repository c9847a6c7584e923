// `Idempotency-Key` on order creation: a storefront retrying POST v1/shops/{id}/orders
// after a lost answer gets the first answer again (`Idempotent-Replayed: true`) and one order, also
// when the retry's multipart body has another boundary and carries the same document; the same key
// with another body after a success is the middleware's 422; a refused request (4xx) keeps no
// row, so the same key with a valid body places the order; keys are per caller (a guest's key means nothing to a
// customer's request); a rate-limited attempt (429) is not stored. An order committed by a run
// that never answered (a server error after the commit, a process that died) is the retry's
// answer, never a second order; a run whose key a retry took over cannot commit one. On PGlite and
// PostgreSQL.
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { idempotencyKeys, orders } from '~server/db/schema/index';
import { IDEMPOTENCY_LEASE_MS } from '~server/http/idempotency';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '~/api/contract/idempotency';
import { testDrivers } from '../support/databases';
import { createTestApi, TEST_ORDER_LIMITS, type TestApi } from '../support/app';
import { day, file, orderForm, pick, PNG_BYTES, signup } from '../support/orders';
import { outcome } from '../support/contract';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { SHOP } from '../support/staff';
import { lockWaiters } from '../support/lock-waiters';

/** Faults placed in the order's path by a test: after its commit, or a pause before its transaction. */
const faults = vi.hoisted(() => ({
  failAfterCommit: false,
  /** Set: the next order waits for it before its transaction (after its checks). */
  pauseBeforeWrite: null as Promise<void> | null,
  paused: () => undefined as void,
}));

vi.mock('~server/orders/present', async (importOriginal) => {
  const real = await importOriginal<typeof import('~server/orders/present')>();
  return {
    ...real,
    presentSaved: (...args: Parameters<typeof real.presentSaved>) => {
      if (!faults.failAfterCommit) return real.presentSaved(...args);
      faults.failAfterCommit = false;
      return Promise.reject(new Error('the database went away after the commit'));
    },
  };
});

vi.mock('~server/orders/upload-quota', async (importOriginal) => {
  const real = await importOriginal<typeof import('~server/orders/upload-quota')>();
  return {
    ...real,
    assertUploadQuota: async (...args: Parameters<typeof real.assertUploadQuota>) => {
      const pause = faults.pauseBeforeWrite;
      if (pause) {
        faults.pauseBeforeWrite = null;
        faults.paused();
        await pause;
      }
      return real.assertUploadQuota(...args);
    },
  };
});

describe.each(testDrivers)('idempotent order creation on $name', (driver) => {
  let api: TestApi;
  let nextDay = 4;
  beforeAll(async () => {
    // A small per-address limit, for the 429 case (the other cases stay far below it).
    api = await createTestApi(driver, { orderLimits: { ...TEST_ORDER_LIMITS, perAddress: { limit: 12, windowMs: 3_600_000 } } });
  }, 120_000);
  afterAll(() => api.dispose());

  const ordersOf = async (email: string) =>
    (await api.deps.database.db.select({ n: count() }).from(orders).where(eq(orders.email, email)))[0]!.n;

  /** A fresh form each time (a new multipart boundary), the same fields and document. */
  async function formFor(email: string, from: string, withDocument = true) {
    const bike = await pick(api, SHOP, 'CITYBIKE', { from });
    return () => orderForm({ from, email, cart: [{ prices: [bike.main.id] }], medias: withDocument ? [{ file: file(PNG_BYTES, 'documento.png', 'image/png') }] : [] });
  }

  async function post(form: FormData, key: string | null, token?: string) {
    const res = await api.request(`/api/v1/shops/${SHOP}/orders`, { method: 'POST', body: form, token, headers: key ? { [IDEMPOTENCY_HEADER]: key } : {} });
    const body = await outcome(res, OrderEnvelopeSchema);
    return { status: res.status, body, replayed: res.headers.get(IDEMPOTENT_REPLAYED_HEADER) === 'true' };
  }

  it('creates one order for two identical requests with one key and answers the same both times', async () => {
    const form = await formFor('ritento@example.com', day(nextDay++));
    const key = randomUUID();
    const first = await post(form(), key);
    expect([first.status, first.replayed]).toEqual([201, false]);
    const retry = await post(form(), key);
    expect([retry.status, retry.replayed]).toEqual([201, true]);
    expect(retry.body).toEqual(first.body);
    expect(await ordersOf('ritento@example.com')).toBe(1);
    // Without a key (or with a new one) the same form is a new order, as before.
    expect((await post(form(), randomUUID())).status).toBe(201);
    expect(await ordersOf('ritento@example.com')).toBe(2);
  });

  it('creates one order when two sends with one key race', async () => {
    const form = await formFor('gara@example.com', day(nextDay++), false);
    const key = randomUUID();
    const both = await Promise.all([post(form(), key), post(form(), key)]);
    expect(both.map((r) => r.status).sort()).toEqual(expect.arrayContaining([201]));
    for (const r of both) expect([201, 409]).toContain(r.status);
    expect(await ordersOf('gara@example.com')).toBe(1);
    const later = await post(form(), key);
    expect([later.status, later.replayed]).toEqual([201, true]);
    expect(await ordersOf('gara@example.com')).toBe(1);
  });

  it('refuses the same key with another body (422 on idempotency_key) and creates nothing', async () => {
    const from = day(nextDay++);
    const key = randomUUID();
    expect((await post((await formFor('primo@example.com', from))(), key)).status).toBe(201);
    const other = await post((await formFor('secondo@example.com', from))(), key);
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual({ idempotency_key: ["Questa chiave di idempotenza è già stata usata per un'altra richiesta"] });
    expect(await ordersOf('secondo@example.com')).toBe(0);
    // A malformed key is the middleware's 422 too, before anything runs.
    const bad = await post((await formFor('terzo@example.com', from))(), 'no');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['idempotency_key']);
    expect(await ordersOf('terzo@example.com')).toBe(0);
  });

  it("keeps keys per caller: a customer's request with a guest's key is its own order", async () => {
    const form = await formFor('chiave@example.com', day(nextDay++), false);
    const key = randomUUID();
    expect((await post(form(), key)).status).toBe(201);
    const token = await signup(api, `cliente-${randomUUID()}@example.com`);
    const mine = await post(form(), key, token);
    expect([mine.status, mine.replayed]).toEqual([201, false]);
    expect(await ordersOf('chiave@example.com')).toBe(2);
  });

  const keyRow = async (key: string) =>
    (await api.deps.database.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, 'guest'), eq(idempotencyKeys.key, key))))[0];

  it('answers the committed order to the retry after a server error that followed the commit, and places no second one', async () => {
    const form = await formFor('dopo-commit@example.com', day(nextDay++), false);
    const key = randomUUID();
    faults.failAfterCommit = true;
    expect((await post(form(), key)).status).toBe(500);
    expect(await ordersOf('dopo-commit@example.com')).toBe(1);
    const retry = await post(form(), key);
    expect([retry.status, retry.replayed]).toEqual([201, false]);
    const [order] = await api.deps.database.db.select().from(orders).where(eq(orders.email, 'dopo-commit@example.com'));
    expect(retry.body.data.number).toBe(order!.number);
    expect(await ordersOf('dopo-commit@example.com')).toBe(1);
    // That answer is now the stored one.
    const again = await post(form(), key);
    expect([again.status, again.replayed, again.body]).toEqual([201, true, retry.body]);
  });

  it("answers the committed order once the lease of a run that died after its commit ends", async () => {
    const form = await formFor('morto@example.com', day(nextDay++), false);
    const key = randomUUID();
    const first = await post(form(), key);
    expect(first.status).toBe(201);
    // The process died after the order committed and before the answer was stored.
    const started = api.deps.now();
    await api.deps.database.db
      .update(idempotencyKeys)
      .set({ completedAt: null, responseStatus: null, responseBody: null, attempt: 'dead', startedAt: started })
      .where(and(eq(idempotencyKeys.scope, 'guest'), eq(idempotencyKeys.key, key)));
    expect((await post(form(), key)).status).toBe(409);
    try {
      api.setNow(new Date(started.getTime() + IDEMPOTENCY_LEASE_MS + 1000));
      const retry = await post(form(), key);
      expect([retry.status, retry.replayed, retry.body.data.number]).toEqual([201, false, first.body.data.number]);
    } finally {
      api.setNow(started);
    }
    expect(await ordersOf('morto@example.com')).toBe(1);
  });

  it('lets a run whose key a retry took over commit nothing: the retry places the one order', async () => {
    const form = await formFor('lento@example.com', day(nextDay++), false);
    const key = randomUUID();
    let resume!: () => void;
    const reached = new Promise<void>((resolve) => (faults.paused = resolve));
    faults.pauseBeforeWrite = new Promise<void>((resolve) => (resume = resolve));
    const slow = post(form(), key);
    await reached;
    const started = api.deps.now();
    try {
      api.setNow(new Date(started.getTime() + IDEMPOTENCY_LEASE_MS + 1000));
      const retry = await post(form(), key);
      expect([retry.status, retry.replayed]).toEqual([201, false]);
      resume();
      const late = await slow;
      expect(late.status).toBe(409);
      expect(await ordersOf('lento@example.com')).toBe(1);
      const row = (await keyRow(key))!;
      expect([row.responseStatus, row.orderId]).toEqual([201, retry.body.data.id]);
    } finally {
      resume();
      api.setNow(started);
    }
  });

  it.runIf(driver.name === 'postgres')('answers the order a run past its lease linked while the retry waited to take its key over', async () => {
    const form = await formFor('in-volo@example.com', day(nextDay++), false);
    const key = randomUUID();
    const first = await post(form(), key);
    expect(first.status).toBe(201);
    const started = api.deps.now();
    const thisKey = and(eq(idempotencyKeys.scope, 'guest'), eq(idempotencyKeys.key, key));
    // A run past its lease (another process) that links its order while the retry, which read the
    // key before the link, waits to take the key over.
    await api.deps.database.db
      .update(idempotencyKeys)
      .set({ completedAt: null, responseStatus: null, responseBody: null, attempt: 'slow', startedAt: started, orderId: null })
      .where(thisKey);
    // A connection of its own to the API's database, as another API process would hold.
    const holder = new pg.Client({ connectionString: api.deps.database.url });
    await holder.connect();
    try {
      // The slow run's transaction holds the key's row (as its link would) before the retry reads it…
      await holder.query('BEGIN');
      await holder.query("SELECT 1 FROM idempotency_keys WHERE scope = 'guest' AND key = $1 FOR UPDATE", [key]);
      api.setNow(new Date(started.getTime() + IDEMPOTENCY_LEASE_MS + 1000));
      const retry = post(form(), key);
      // …the retry reads the key (no link) and waits on its row to take it over.
      await lockWaiters(holder, 'update "idempotency_keys"%');
      // …and the slow run links its order and commits.
      await holder.query("UPDATE idempotency_keys SET order_id = $1 WHERE scope = 'guest' AND key = $2 AND attempt = 'slow'", [first.body.data.id, key]);
      await holder.query('COMMIT');
      const answered = await retry;
      expect([answered.status, answered.replayed, answered.body.data.number]).toEqual([201, false, first.body.data.number]);
    } finally {
      await holder.end();
      api.setNow(started);
    }
    expect(await ordersOf('in-volo@example.com')).toBe(1);
  });

  it('keeps no row for a refused request: the same key with a valid body then places the order, and its resend replays it', async () => {
    const from = day(nextDay++);
    const bike = await pick(api, SHOP, 'CITYBIKE', { from });
    const form = (email: string) => orderForm({ from, email, cart: [{ prices: [bike.main.id] }] });
    const key = randomUUID();
    const keys = async () => (await api.deps.database.db.select({ n: count() }).from(idempotencyKeys))[0]!.n;
    const before = await keys();
    const refused = await post(form('non-una-email'), key);
    expect([refused.status, Object.keys(refused.body.errors)]).toEqual([422, ['email']]);
    expect(await keys()).toBe(before);
    expect(await keyRow(key)).toBeUndefined();
    // The refusal again: it runs again (nothing replayed), and still keeps nothing.
    expect([(await post(form('non-una-email'), key)).replayed, await keys()]).toEqual([false, before]);

    const placed = await post(form('corretta@example.com'), key);
    expect([placed.status, placed.replayed]).toEqual([201, false]);
    const resent = await post(form('corretta@example.com'), key);
    expect([resent.status, resent.replayed, resent.body]).toEqual([201, true, placed.body]);
    expect(await ordersOf('corretta@example.com')).toBe(1);
    expect(await keys()).toBe(before + 1);
  });

  it('does not store a rate-limited attempt: the retry after the window places the order', async () => {
    // Use up the address's allowance (each earlier test placed orders from this address too).
    let status = 201;
    while (status === 201) status = (await post((await formFor('riempi@example.com', day(nextDay++), false))(), null)).status;
    expect(status).toBe(429);
    const form = await formFor('paziente@example.com', day(nextDay++), false);
    const key = randomUUID();
    expect((await post(form(), key)).status).toBe(429);
    api.setNow(new Date(Date.now() + 3_600_000 + 60_000));
    try {
      const retry = await post(form(), key);
      expect([retry.status, retry.replayed]).toEqual([201, false]);
    } finally {
      api.setNow(new Date());
    }
    expect(await ordersOf('paziente@example.com')).toBe(1);
  });
});
