// Who may see or change an order: its owner, whoever holds its unguessable uuid (the guest link),
// and the admin kiosks (totems of type 20 or 30) of its shop. Anyone else gets 404, so order ids
// reveal nothing; a public kiosk (type 10) of the shop gets 403. A totem never sees another shop's
// orders, not even by uuid, and is held to its type whatever form the reference takes:
// a public kiosk stands in a shop for anyone to use, so a uuid it was handed or overheard opens
// nothing through it (the customer's own link, without the kiosk's token, still does).
import { eq } from 'drizzle-orm';
import { orders } from '../db/schema/index';
import { ApiError, forbidden, notFound } from '../http/errors';
import type { AppContext } from '../http/context';
import { isEditable } from './present';
import { handedOutError, hasHandOut } from './hand-outs';
import type { OrderRow } from './write';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Totem types that manage their shop's orders (spec §6: 20 totem admin, 30 admin + cash desk). */
const STAFF_TYPE = 20;

/** A totem caller: 404 for another shop's order, 403 below the staff type; anyone else passes. */
function holdTotem(c: AppContext, row: OrderRow): void {
  const totem = c.get('auth')?.totem;
  if (!totem) return;
  if (totem.shopId !== row.shopId) throw notFound();
  if (totem.type < STAFF_TYPE) throw forbidden();
}

/** The order of a guest link; a totem presenting it is held to its shop and type. */
export async function orderByUuid(c: AppContext, uuid: string): Promise<OrderRow> {
  if (!UUID.test(uuid)) throw notFound();
  const [row] = await c.get('deps').database.db.select().from(orders).where(eq(orders.uuid, uuid.toLowerCase()));
  if (!row) throw notFound();
  holdTotem(c, row);
  return row;
}

/** True when the caller is an admin totem of the order's shop. */
export function isShopStaff(c: AppContext, order: OrderRow): boolean {
  const totem = c.get('auth')?.totem;
  return !!totem && totem.shopId === order.shopId && totem.type >= STAFF_TYPE;
}

/** `ref` is an order id (owner or shop staff), number (likewise) or uuid (capability). */
export async function accessibleOrder(c: AppContext, ref: string): Promise<OrderRow> {
  if (UUID.test(ref)) return orderByUuid(c, ref);
  const { db } = c.get('deps').database;
  const [row] = /^\d{1,9}$/.test(ref)
    ? await db.select().from(orders).where(eq(orders.id, Number(ref)))
    : await db.select().from(orders).where(eq(orders.number, ref.slice(0, 64)));
  const auth = c.get('auth');
  if (!row) throw notFound();
  if (auth?.totem) {
    holdTotem(c, row);
    return row;
  }
  if (!auth?.user || row.userId !== auth.user.id) throw notFound();
  return row;
}

/**
 * What may still happen to an order, else 410:
 * - `change` (contact data): customers until the first day; shop staff while it is confirmed.
 * - `replace` (new lines and dates): until the first day, and never once a unit was handed out.
 * - `cancel`: customers until the first day; shop staff while unpaid; never with units handed out.
 */
export async function assertCanChange(c: AppContext, order: OrderRow, action: 'change' | 'replace' | 'cancel'): Promise<void> {
  const { now, database } = c.get('deps');
  const staff = isShopStaff(c, order);
  let allowed: boolean;
  if (staff && action === 'change') allowed = order.status === 'confirmed';
  else if (staff && action === 'cancel') allowed = order.status === 'confirmed' && !order.paidAt;
  else allowed = isEditable(order, now());
  if (!allowed) throw new ApiError(410, 'api.orderNotEditable');
  // A first answer, before any upload is stored; the write decides again under the order's row
  // lock, with the same error, since a delivery may land meanwhile (orders/hand-outs.ts).
  if (action !== 'change' && (await hasHandOut(database.db, order.id))) throw handedOutError();
}
