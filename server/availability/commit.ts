// The one way a write that changes availability commits (an order placed, edited or cancelled; a
// unit handed out or taken back, or either undone): `commitAndRefresh` runs the transaction, and
// once it committed updates the in-memory index (index.ts) with what the write says it changed. A
// writer cannot commit without naming its change, and a rollback changes nothing in memory. The
// cluster sync (server/cluster/sync.ts) applies the commits of other processes through
// `afterCommit` too. What changes availability is exactly what the database notifies on PostgreSQL
// (migration 0014_cache_notify): orders' status, mode and dates, their lines' products, units out.
// A unit locked for a problem is not among them: availability counts a product's stock, and staff
// simply do not hand the locked unit out.
// tests/api/availability-writers.test.ts takes every write path and checks the memory against a
// fresh read of the database right after it.
import type { Db } from '../db/client';
import type { CatalogueCache } from '../catalogue/cache';
import type { Availability } from './index';
import type { BookingPeriod } from '~/domain/availability';
import { readOrderBookings, type OrderBookings } from './bookings';
import { afterPendingIo } from '../db/pglite-queue';

export interface AvailabilityChange {
  /** Orders whose bookings the writer knows: what each holds now. */
  orders?: readonly OrderBookings[];
  /** Orders changed elsewhere (another process): their bookings are read from the database. */
  reread?: readonly number[];
  /** Units out on delivery changed: read again. */
  outUnits?: boolean;
  /** The catalogue changed, or notifications were missed: the catalogue and availability read again. */
  everything?: boolean;
}

/** What the hook needs of the API's dependencies (AppDeps has it). */
export interface AvailabilityDeps {
  database: { db: Db };
  catalogue: CatalogueCache;
  availability: Availability;
}

/** What a write returns from inside its transaction: its answer and what it changed. */
export interface Committed<T> {
  result: T;
  change: AvailabilityChange;
}

/** The order now holds these products (each line's size, null for any) for this period. */
export function orderHolds(orderId: number, lines: readonly { productId: number; size: string | null }[], period: BookingPeriod): AvailabilityChange {
  return { orders: [{ orderId, productIds: lines.map((l) => l.productId), sizes: lines.map((l) => l.size), period }] };
}

/** The order holds nothing any more (cancelled). */
export function orderReleased(orderId: number): AvailabilityChange {
  return { orders: [{ orderId, productIds: [], period: null }] };
}

export const outUnitsChanged: AvailabilityChange = { outUnits: true };

export const nothingChanged: AvailabilityChange = {};

/** Runs `work` in one transaction, then, once it committed, refreshes availability with its change. */
export async function commitAndRefresh<T>(deps: AvailabilityDeps, work: (tx: Db) => Promise<Committed<T>>): Promise<T> {
  const { result, change } = await deps.database.db.transaction((tx) => work(tx as unknown as Db));
  await afterCommit(deps, change);
  return result;
}

/** Applies a committed change to the in-memory availability (and, for `everything`, the catalogue). */
export async function afterCommit(deps: AvailabilityDeps, change: AvailabilityChange): Promise<void> {
  const { db } = deps.database;
  if (change.everything) {
    await deps.catalogue.load(db);
    await deps.availability.load(db);
    return;
  }
  const reread = change.reread?.length ? await readOrderBookings(db, { orderIds: change.reread }) : [];
  deps.availability.replaceOrders([...(change.orders ?? []), ...reread]);
  if (change.outUnits) await deps.availability.refreshOutUnits(db);
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `task` after every task queued before it: PGlite's write queue. Order writes check their
 * units against memory there, and deliveries and pickups join it, so inside it the in-memory index
 * always equals the committed state (each task refreshes it before the next one starts). Each task
 * starts after the I/O pending when it is its turn (`afterPendingIo` says why).
 */
export function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(afterPendingIo).then(task);
  queue = run.catch(() => undefined);
  return run;
}
