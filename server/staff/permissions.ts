// Who may use the staff endpoints. Only a kiosk (totem) token opens them: no token is
// 401, a customer's token 403. The totem's type is its role: 10 public kiosk (places orders for its
// own shop), 20 totem admin (orders, delivery, pickup and inventory of its shop), 30 admin + cash
// desk (also pays orders and closes the cashier). Another shop's orders and units answer 404: a
// totem never learns they exist.
import { eq } from 'drizzle-orm';
import { orders } from '../db/schema/index';
import { forbidden, notFound, unauthenticated } from '../http/errors';
import type { AppContext, AuthTotem } from '../http/context';
import type { OrderRow } from '../orders/write';

export const TotemLevel = { PUBLIC: 10, ADMIN: 20, CASH_DESK: 30 } as const;
export type TotemLevel = (typeof TotemLevel)[keyof typeof TotemLevel];

/** The calling totem when its type is at least `minType`. */
export function requireTotem(c: AppContext, minType: TotemLevel = TotemLevel.ADMIN): AuthTotem {
  const auth = c.get('auth');
  if (!auth) throw unauthenticated();
  const totem = auth.totem;
  if (!totem || totem.type < minType) throw forbidden();
  return totem;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An order of the totem's shop by id, number or uuid; 404 for anything else. */
export async function shopOrder(c: AppContext, totem: AuthTotem, ref: string): Promise<OrderRow> {
  const { db } = c.get('deps').database;
  const where = /^\d{1,9}$/.test(ref)
    ? eq(orders.id, Number(ref))
    : UUID.test(ref)
      ? eq(orders.uuid, ref.toLowerCase())
      : eq(orders.number, ref.slice(0, 64));
  const [row] = await db.select().from(orders).where(where);
  if (!row || row.shopId !== totem.shopId) throw notFound();
  return row;
}
