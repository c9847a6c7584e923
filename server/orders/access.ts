// Who may see or change an order: its owner, or whoever holds its unguessable uuid (the guest
// link). Anyone else gets 404, so order ids reveal nothing.
import { eq } from 'drizzle-orm';
import { orders } from '../db/schema/index';
import { notFound } from '../http/errors';
import type { AppContext } from '../http/context';
import type { OrderRow } from './write';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function orderByUuid(c: AppContext, uuid: string): Promise<OrderRow> {
  if (!UUID.test(uuid)) throw notFound();
  const [row] = await c.get('deps').database.db.select().from(orders).where(eq(orders.uuid, uuid.toLowerCase()));
  if (!row) throw notFound();
  return row;
}

/** `ref` is an order id (owner only), number (owner only) or uuid (capability). */
export async function accessibleOrder(c: AppContext, ref: string): Promise<OrderRow> {
  if (UUID.test(ref)) return orderByUuid(c, ref);
  const { db } = c.get('deps').database;
  const [row] = /^\d{1,9}$/.test(ref)
    ? await db.select().from(orders).where(eq(orders.id, Number(ref)))
    : await db.select().from(orders).where(eq(orders.number, ref.slice(0, 64)));
  const auth = c.get('auth');
  if (!row) throw notFound();
  const ownsIt = auth?.user && row.userId === auth.user.id;
  // Kiosks of the order's shop see its orders (staff side, issue #7).
  const shopKiosk = auth?.totem && auth.totem.shopId === row.shopId && auth.totem.type >= 20;
  if (!ownsIt && !shopKiosk) throw notFound();
  return row;
}
