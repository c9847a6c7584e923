// The demo customer's two past orders, placed through the same code as real orders.
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { orders, users } from '../schema/index';
import { CatalogueCache } from '~server/catalogue/cache';
import { Availability } from '~server/availability/index';
import { quoteOrder } from '~server/orders/quote';
import { saveOrder } from '~server/orders/write';
import { OrderFormSchema } from '~/api/contract/order-form';
import { selectPrice } from '~/domain/pricing';
import { rentDays } from '~/domain/dates';
import { dateModeOf } from '~/domain/booking-params';
import { pricesFor } from '~server/catalogue/present';
import { DEMO_CUSTOMER } from './accounts';

/** Places the demo customer's past orders unless they have orders already; true when it placed them. */
export async function seedDemoOrders(db: Db, now: Date): Promise<boolean> {
  const [user] = await db.select().from(users).where(eq(users.username, DEMO_CUSTOMER.username));
  if (!user) return false;
  if ((await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id))).length > 0) return false;
  const catalogue = new CatalogueCache();
  await catalogue.load(db);
  const shop = catalogue.shops.find((s) => s.products.some((p) => p.row.code === 'SCI-BASE'))!;
  const product = shop.products.find((p) => p.row.code === 'SCI-BASE')!;
  const lastYear = now.getUTCFullYear() - 1;
  const availability = new Availability(catalogue);
  const bookings = [
    { from: `${lastYear}-01-10`, to: `${lastYear}-01-12`, morning: false },
    { from: `${lastYear}-02-21`, to: `${lastYear}-02-21`, morning: true },
  ];
  for (const booking of bookings) {
    const { mode, dates } = dateModeOf(booking)!;
    const price = selectPrice(pricesFor(product.prices, { mode, dates, fidelity: false }), mode, rentDays(mode, dates))!;
    const form = OrderFormSchema.parse({
      from: booking.from,
      to: booking.to,
      morning: booking.morning ? '1' : '0',
      first_name: user.firstName,
      last_name: user.lastName,
      phone: user.phone ?? '+39 333 123 4567',
      email: user.username,
      cart: [
        {
          prices: [String(price.id)],
          customer: { first_name: 'Mario', last_name: 'Rossi', height: '178', weight: '75', shoe_size: '43', level: 'intermedio' },
        },
      ],
    });
    const quote = quoteOrder({ shop, form, fidelity: false, coupons: new Map(), now, locale: 'it', allowPast: true });
    // The locked path is right on either database; the seed runs alone. Its availability is never
    // read (the API loads its own from the database).
    await saveOrder({ database: { db }, catalogue, availability }, { shop, quote, form, userId: user.id, locale: 'it', uploads: new Map() }, now, { serialized: false });
  }
  return true;
}
