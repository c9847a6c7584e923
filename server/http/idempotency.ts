// The `Idempotency-Key` request header ("works through an API outage"), as payment APIs
// use it: the kiosk queues its confirmations while the API is unreachable and sends each with a key
// of its own, reused for every retry. The first request with a key runs; any later one with the
// same key (and the same request) gets the first answer again, with `Idempotent-Replayed: true`.
//
// Everything lives in the `idempotency_keys` table, so several API processes agree:
// - a request claims its key by inserting the row "in progress" (INSERT … ON CONFLICT DO NOTHING:
//   of two racing requests exactly one inserts it); it runs the handler and stores a success (2xx).
//   A refusal (4xx) is not stored, as payment APIs do with a request refused before it started:
//   otherwise every refused request with a fresh key (anyone may send them, to order creation)
//   would keep a row for a day, without limit; and the same key with a corrected body must go
//   through. Nor is a 5xx: the row is deleted so a retry runs again, unless the request committed
//   an order (below). A handler refuses before it writes (its checks, inside its transaction, roll
//   it back), so a resend meets the same refusal, or goes through if the refusal no longer holds;
//   a kiosk's queued confirmation carries its own moment, which a later return or hand-out of its
//   unit makes stale (staff/confirmation-moments.ts);
// - the same key with another method, path or body is 422 on `idempotency_key`;
// - a key still in progress is 409 (the client retries later) for `IDEMPOTENCY_LEASE_MS`: past that
//   the holder is taken for dead (its process stopped between claiming the key and storing the
//   answer) and the next retry takes the key over and runs the handler again. If the dead request
//   had committed its change, the handler refuses the repetition on its own (a unit already out or
//   back, a hand-out already undone: the partial unique index and the checks inside the stock
//   lock), so nothing is handed out twice; the retry answers that refusal instead of the lost first
//   answer (and keeps it no more than any refusal). A holder that merely was slow past the lease
//   cannot overwrite the new holder's answer: storing is conditional on its own `attempt`.
// - an order placed with a key says so in its own transaction (`order_id`, server/orders/idempotent-order.ts):
//   a retry of a request whose order committed answers that order, never a second one, whether
//   its first run died (the lease) or failed after the commit (a 5xx hands the key back rather than
//   deleting it). A run whose key was taken over cannot commit its order: the link refuses it.
// - rows older than `IDEMPOTENCY_TTL_MS` (24 h) are deleted in bounded batches by the request that
//   claims a key once `CLEANUP_EVERY_MS` has passed since the last cleanup; a key retried after that runs again and meets the same refusals, and those of a
//   confirmation whose unit moved on since its own moment (staff/confirmation-moments.ts: a
//   hand-out of a unit returned since, a return of a unit out again since).
// Without the header, or without a totem (the handler then answers 401/403), nothing changes.
// Order creation takes keys from anyone (`idempotentForAnyone`): a guest's or a
// customer's browser retrying after a lost answer gets its order once. Keys are scoped per caller:
// a kiosk's per its shop (`shop:{id}`), a customer's per account, guests' together. A kiosk's
// outbox belongs to the device, not to the kiosk it is paired as: a device re-paired as another
// kiosk of the shop sends what it queued before, and must get the first answer, not run it again.
// A public kiosk gets no replay of another kiosk's answer (403, nothing ran): the confirmations'
// answers are whole orders, which it may not read. Multipart bodies are compared by their fields
// and files, not by their bytes (each retry of the same form has a new multipart boundary:
// ./request-hash.ts).
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import { and, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER, IdempotencyKeySchema } from '~/api/contract/idempotency';
import { idempotencyKeys } from '../db/schema/index';
import { builtOnce, valueOf } from '../db/built-statements';
import type { AppEnv, AuthTotem } from './context';
import type { Db } from '../db/client';
import { fieldError, forbidden } from './errors';
import { TotemLevel } from '../staff/permissions';
import { bodyHash } from './request-hash';
import { parseWith } from './validation';
import { log } from '../log';

/**
 * How long a request may hold its key before a retry takes it over: far above any real handler's
 * time (the kiosk gives up on an answer after 15 s and retries), so a slow request is never run
 * twice alongside itself; a dead holder blocks its key this long.
 */
export const IDEMPOTENCY_LEASE_MS = 120_000;
/** The start of a lease long over: a key handed back with it is taken over by the next retry. */
const LEASE_OVER = new Date(0);
/** How long an answer is kept for replays. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Old rows are looked for at most this often per database (a process's clock): a statement per
 * claimed key was a third of what a key costs an order. Each cleanup deletes batches of
 * CLEANUP_BATCH while they come back full, at most CLEANUP_BATCHES of them: up to a thousand keys
 * a second, far above what the API takes.
 */
const CLEANUP_EVERY_MS = 10_000;
const CLEANUP_BATCH = 1000;
const CLEANUP_BATCHES = 10;
const lastCleanup = new WeakMap<object, number>();

const KeyHeaderSchema = z.object({ idempotency_key: IdempotencyKeySchema });

const placeholder = (name: string) => sql.placeholder(name);

/** Claims a key: the row in progress, inserted unless the key has one (then no row comes back). */
const claimKey = builtOnce((db) =>
  db
    .insert(idempotencyKeys)
    .values({
      scope: placeholder('scope'),
      totemId: placeholder('totemId'),
      key: placeholder('key'),
      method: placeholder('method'),
      path: placeholder('path'),
      requestHash: placeholder('requestHash'),
      attempt: placeholder('attempt'),
      createdAt: placeholder('at'),
      startedAt: placeholder('at'),
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key }),
);

/** Stores the first answer, if this run (`attempt`) still holds the key. */
const storeAnswer = builtOnce((db) =>
  db
    .update(idempotencyKeys)
    .set({ responseStatus: valueOf<number>('status'), responseBody: placeholder('body'), completedAt: valueOf<Date>('completedAt'), attempt: sql`null` })
    .where(and(eq(idempotencyKeys.scope, placeholder('scope')), eq(idempotencyKeys.key, placeholder('key')), eq(idempotencyKeys.attempt, placeholder('attempt'))))
    .returning({ key: idempotencyKeys.key }),
);

/** Guests share one scope: their keys are random UUIDs, and a replay needs the same body too. */
const GUEST_SCOPE = 'guest';

/** The scope of a kiosk's keys: its shop, so every kiosk of the shop shares them (see above). */
const shopScope = (totem: AuthTotem) => `shop:${totem.shopId}`;

/** Applies the `Idempotency-Key` header to a staff route: totems only (mount it before the handler). */
export const idempotent: MiddlewareHandler<AppEnv> = (c, next) => {
  const totem = c.get('auth')?.totem;
  return totem ? runIdempotent(c, next, shopScope(totem), totem) : next();
};

/** The same for a route anyone may call (order creation): keys scoped per shop (kiosks), customer or guests. */
export const idempotentForAnyone: MiddlewareHandler<AppEnv> = (c, next) => {
  const auth = c.get('auth');
  if (auth?.totem) return runIdempotent(c, next, shopScope(auth.totem), auth.totem);
  return runIdempotent(c, next, auth?.user ? `user:${auth.user.id}` : GUEST_SCOPE, null);
};

async function runIdempotent(c: Parameters<MiddlewareHandler<AppEnv>>[0], next: () => Promise<void>, scope: string, totem: AuthTotem | null) {
  const totemId = totem?.id ?? null;
  const header = c.req.header(IDEMPOTENCY_HEADER);
  if (header === undefined) return next();
  const { idempotency_key: key } = parseWith(KeyHeaderSchema, { idempotency_key: header });
  const { database, now } = c.get('deps');
  const { db } = database;
  const method = c.req.method;
  const path = c.req.path;
  const hash = await bodyHash(c);
  if (hash === null) return next();
  const attempt = randomUUID();
  const thisKey = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

  // Claim the key, or answer from its row. A few rounds at most: the row can vanish (a 5xx
  // deleted it, or the cleanup) or be taken over between our statements.
  let orderId: number | null = null;
  for (let round = 0; ; round++) {
    const at = now();
    const [claimed] = await claimKey(db, { scope, totemId, key, method, path, requestHash: hash, attempt, at });
    if (claimed) {
      // A clock set back (tests move it) counts as time passed too.
      if (!(Math.abs(at.getTime() - (lastCleanup.get(db) ?? Number.NEGATIVE_INFINITY)) < CLEANUP_EVERY_MS)) {
        lastCleanup.set(db, at.getTime());
        await deleteExpired(c, at);
      }
      break;
    }
    const [row] = await db.select().from(idempotencyKeys).where(thisKey);
    if (!row) {
      if (round < 3) continue;
      return busy(c);
    }
    if (row.method !== method || row.path !== path || row.requestHash !== hash) {
      throw fieldError('idempotency_key', 'api.idempotencyKeyReused');
    }
    if (row.completedAt) {
      if (totem && totem.type < TotemLevel.ADMIN && row.totemId !== totem.id) throw forbidden();
      const status = row.responseStatus as StatusCode;
      c.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      log().info({ status, answeredAt: row.completedAt }, 'idempotent replay: the stored answer, nothing ran');
      return row.responseBody === null ? c.body(null, status) : c.json(row.responseBody, status as ContentfulStatusCode);
    }
    if (at.getTime() - row.startedAt.getTime() < IDEMPOTENCY_LEASE_MS || round >= 3) return busy(c);
    // The holder is gone (or far too slow): take the key over, unless someone else just did.
    const [taken] = await db
      .update(idempotencyKeys)
      .set({ attempt, startedAt: at })
      .where(and(thisKey, isNull(idempotencyKeys.completedAt), eq(idempotencyKeys.attempt, row.attempt ?? '')))
      .returning({ orderId: idempotencyKeys.orderId });
    if (taken) {
      // The link as the winning update found it, not as read above: on PostgreSQL a holder past its
      // lease may have linked its order and not committed yet; the update waits for that commit
      // and then sees the link.
      orderId = taken.orderId;
      break;
    }
  }

  c.set('idempotency', { scope, key, attempt, orderId });
  await next();

  const mine = and(thisKey, eq(idempotencyKeys.attempt, attempt));
  if (!storable(c.res.status)) {
    // A database that went away mid-request cannot take the release either: it is retried until
    // the database is back, so the client's retry runs then instead of meeting 409 for the whole lease.
    const release = () => releaseKey(db, mine);
    await release().catch(() => releaseLater(release));
    return;
  }
  try {
    // Read, then given again as text: a clone would tee the body into streams, and the server would
    // then write the answer through them (a quarter of a millisecond an order, measured), where it
    // writes a text body at once.
    const answered = c.res;
    const text = await answered.text();
    c.res = undefined;
    c.res = new Response(text === '' ? null : text, { status: answered.status, headers: answered.headers });
    let body: unknown = null;
    try {
      if (text) body = JSON.parse(text);
    } catch {
      await releaseKey(db, mine); // not JSON: nothing these routes answer, not kept
      return;
    }
    await storeAnswer(db, { scope, key, attempt, status: c.res.status, body, completedAt: now() });
  } catch (err) {
    // The answer still goes out when storing it fails; the key stays in progress until its lease
    // ends (see above).
    log().error({ err }, 'idempotency: answer not stored');
  }
}

/**
 * Lets a retry run the request again: the key is deleted, unless this run committed an order
 * (`order_id`), whose key must stay to say so: it is handed back as if its lease had ended, and the
 * retry takes it over at once and answers that order.
 */
async function releaseKey(db: Db, mine: SQL | undefined): Promise<void> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(and(mine, isNull(idempotencyKeys.orderId)))
    .returning({ key: idempotencyKeys.key });
  if (deleted.length > 0) return;
  await db
    .update(idempotencyKeys)
    .set({ attempt: randomUUID(), startedAt: LEASE_OVER })
    .where(mine);
}

/** How often, and until when, a key whose release failed is released again. */
const RELEASE_RETRY_MS = 500;
const RELEASE_RETRY_FOR_MS = IDEMPOTENCY_LEASE_MS;

function releaseLater(release: () => Promise<void>, until = Date.now() + RELEASE_RETRY_FOR_MS): void {
  if (Date.now() > until) {
    log().warn('an idempotency key stays in progress until its lease ends: the database did not come back in time');
    return;
  }
  setTimeout(() => void release().catch(() => releaseLater(release, until)), RELEASE_RETRY_MS).unref();
}

/**
 * Which answers are kept for replays: successes only. Not a refusal (4xx: nothing was written, see
 * above; a 401/403 or 429 refused the caller before anything ran), nor a server error (5xx: the
 * retry should run again). An order committed before a 4xx or 5xx keeps its key (releaseKey).
 */
const storable = (status: number) => status < 400;

function busy(c: Parameters<MiddlewareHandler<AppEnv>>[0]) {
  c.header('Retry-After', '1');
  return c.json({ message: c.get('t')('api.idempotencyInProgress') }, 409);
}

/** Deletes rows past their time to live (completed, or abandoned in progress), in bounded batches. */
async function deleteExpired(c: Parameters<MiddlewareHandler<AppEnv>>[0], at: Date) {
  const { db } = c.get('deps').database;
  const cutoff = new Date(at.getTime() - IDEMPOTENCY_TTL_MS);
  const old = db
    .select({ scope: idempotencyKeys.scope, key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .limit(CLEANUP_BATCH)
    .for('update', { skipLocked: true });
  try {
    for (let batch = 0; batch < CLEANUP_BATCHES; batch++) {
      const deleted = await db
        .delete(idempotencyKeys)
        .where(sql`(${idempotencyKeys.scope}, ${idempotencyKeys.key}) IN ${old}`)
        .returning({ key: idempotencyKeys.key });
      if (deleted.length < CLEANUP_BATCH) break;
    }
  } catch (err) {
    log().error({ err }, 'idempotency: old keys not deleted'); // housekeeping only: never fails the request
  }
}
