// Catalogue: sites, sports, shops with their products and prices for the asked dates, availability.
import { Hono } from 'hono';
import type { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { BookingQuerySchema, type BookingQuery } from '~/api/contract/booking-query';
import { AvailabilityDaysQuerySchema, MAX_AVAILABILITY_DAYS } from '~/api/contract/availability';
import { bookingPeriod } from '~/domain/availability';
import { daysBetween } from '~/domain/dates';
import { fidelityCards } from '../db/schema/index';
import { ApiError, fieldError, notFound } from '../http/errors';
import { accessibleOrder } from '../orders/access';
import type { AppContext, AppEnv } from '../http/context';
import { idParam, queryParams } from '../http/validation';
import type { CatalogueShop } from '../catalogue/cache';
import { presentShop, presentShopLoad, presentSite, presentSport } from '../catalogue/present';
import { shopSeason } from '../catalogue/season';
import { jsonBytes } from '../availability/memo';
import { limitCardLookup } from '../fidelity/cards';
import { normalizeFidelityCardNumber } from '~/domain/fidelity';

export async function isValidFidelityCard(c: AppContext, number: string | undefined): Promise<boolean> {
  if (!number) return false;
  // Every route taking a card number counts on the same limit as fidelity_card/info.
  await limitCardLookup(c);
  const [card] = await c
    .get('deps')
    .database.db.select({ id: fidelityCards.id })
    .from(fidelityCards)
    .where(and(eq(fidelityCards.number, normalizeFidelityCardNumber(number)), eq(fidelityCards.active, 1)));
  return !!card;
}

/**
 * The order named by edit_order_code (its number, id or uuid), so its own bookings are left out;
 * only for whoever may open it (orders/access.ts: its owner, the holder of its uuid, the shop's
 * admin kiosks). For anyone else the code is ignored exactly like an unknown one, so availability
 * tells nobody whether someone else's order exists or what it holds.
 */
export async function editedOrderId(c: AppContext, code: string | undefined): Promise<number | undefined> {
  if (!code) return undefined;
  const order = await accessibleOrder(c, code).catch((err: unknown) => {
    if (err instanceof ApiError) return null;
    throw err;
  });
  return order?.id;
}

/** Distinct query strings kept parsed per schema: more than the dates a day's visitors ask. */
const MAX_PARSED_QUERIES = 2000;

/**
 * `queryParams` for the hot reads, memoised by the raw query string: the same few strings come back
 * all day (a shop's dates), and zod's parse allocates about 6 KB each time (bench/allocations.ts).
 * A query that does not parse throws as before and is not kept. Callers only read the result.
 */
function parsedQueries<S extends z.core.$ZodType>(schema: S): (c: AppContext) => z.infer<S> {
  const parsed = new Map<string, z.infer<S>>();
  return (c) => {
    const url = c.req.url;
    const start = url.indexOf('?');
    const raw = start < 0 ? '' : url.slice(start + 1);
    let query = parsed.get(raw);
    if (query === undefined) {
      query = queryParams(c, schema);
      if (parsed.size >= MAX_PARSED_QUERIES) parsed.clear();
      parsed.set(raw, query);
    }
    return query;
  };
}
const bookingQuery = parsedQueries(BookingQuerySchema);
const daysQuery = parsedQueries(AvailabilityDaysQuerySchema);

async function shopLoad(c: AppContext, shop: CatalogueShop) {
  const query: BookingQuery = bookingQuery(c);
  const fidelity = await isValidFidelityCard(c, query.fidelityCardNumber);
  const { catalogue } = c.get('deps');
  const today = todayOf(c);
  // The presented season moves on with the day (its next occurrence once one closes).
  const key = `shop:${shop.row.id}:${c.get('locale')}:${query.mode}:${query.dates.join(',')}:${fidelity}:${shopSeason(shop, today).from}`;
  let body = catalogue.responses.get(key);
  if (!body) {
    body = jsonBytes({ data: presentShopLoad(shop, { mode: query.mode, dates: query.dates, fidelity }, c.get('locale'), today) });
    catalogue.responses.set(key, body);
  }
  return c.body(body, 200, { 'content-type': 'application/json; charset=utf-8' });
}

/** The API clock's Rome day (worked out once a second): a shop's season is its occurrence current or next on that day. */
export const todayOf = (c: AppContext): string => c.get('deps').availability.today();

function shopOr404(c: AppContext): CatalogueShop {
  const shop = c.get('deps').catalogue.shopById(idParam(c));
  if (!shop) throw notFound();
  return shop;
}

export const catalogueRoutes = new Hono<AppEnv>()
  .get('/v2/sites', (c) => {
    const { catalogue } = c.get('deps');
    const withShops = (c.req.query('with') ?? '').split(',').includes('shops.sports');
    const locale = c.get('locale');
    return c.json({
      data: catalogue.sites.map((site) =>
        presentSite(site, withShops ? catalogue.shops.filter((s) => s.row.siteId === site.id) : null, locale, todayOf(c)),
      ),
    });
  })
  .get('/v1/sites', (c) => c.json({ data: c.get('deps').catalogue.sites.map((s) => presentSite(s, null, c.get('locale'), todayOf(c))) }))
  .get('/v1/sites/:id', (c) => {
    const site = c.get('deps').catalogue.sites.find((s) => s.id === idParam(c));
    if (!site) throw notFound();
    return c.json({ data: presentSite(site, null, c.get('locale'), todayOf(c)) });
  })
  .get('/v1/sites/:id/shops', (c) => {
    const { catalogue } = c.get('deps');
    const site = catalogue.sites.find((s) => s.id === idParam(c));
    if (!site) throw notFound();
    const today = todayOf(c);
    return c.json({ data: catalogue.shops.filter((s) => s.row.siteId === site.id).map((s) => presentShop(s, c.get('locale'), today)) });
  })
  .get('/v1/sports', (c) => c.json({ data: c.get('deps').catalogue.sports.map((s) => presentSport(s, c.get('locale'))) }))
  .get('/v1/sports/:id', (c) => {
    const sport = c.get('deps').catalogue.sports.find((s) => s.id === idParam(c));
    if (!sport) throw notFound();
    return c.json({ data: presentSport(sport, c.get('locale')) });
  })
  .get('/v1/shops/slug/:slug', (c) => {
    const shop = c.get('deps').catalogue.shopBySlug(c.req.param('slug'));
    if (!shop) throw notFound();
    return shopLoad(c, shop);
  })
  .get('/v1/shops/:id', (c) => shopLoad(c, shopOr404(c)))
  .get('/v1/shops/:id/availabilities', async (c) => {
    const shop = shopOr404(c);
    const query = bookingQuery(c);
    const period =
      query.mode === null
        ? null
        : bookingPeriod(query.mode, query.dates, shopSeason(shop, todayOf(c)));
    if (!period) return c.json({ availabilities: {} });
    const exclude = await editedOrderId(c, query.editOrderCode);
    const { availability } = c.get('deps');
    const key = `${shop.row.id}:${period.from}:${period.to}:${period.half ?? ''}:${exclude ?? ''}`;
    const body = availability.answer(key, () => ({ availabilities: availability.availabilities(shop, period, exclude) }));
    return c.body(body, 200, { 'content-type': 'application/json; charset=utf-8' });
  })
  // Per-day availability of one product (the calendar; contract in src/api/contract/availability.ts).
  // Served from the in-memory availability like the route above, and memoised with it
  // (server/availability/memo.ts).
  .get('/v1/shops/:id/availabilities/days', async (c) => {
    const shop = shopOr404(c);
    const query = daysQuery(c);
    if (daysBetween(query.from, query.to) + 1 > MAX_AVAILABILITY_DAYS) {
      throw fieldError('to', 'calendar.tooManyDays', { max: MAX_AVAILABILITY_DAYS });
    }
    const { catalogue, availability } = c.get('deps');
    // Main products and add-ons alike, but only the shop's own.
    if (catalogue.product(query.productId)?.shop !== shop) throw notFound();
    const exclude = await editedOrderId(c, query.editOrderCode);
    const key = `days:${shop.row.id}:${query.productId}:${query.from}:${query.to}:${exclude ?? ''}`;
    const body = availability.answer(key, () => ({ data: availability.dailyAvailability(query.productId, query.from, query.to, exclude) }));
    return c.body(body, 200, { 'content-type': 'application/json; charset=utf-8' });
  });
