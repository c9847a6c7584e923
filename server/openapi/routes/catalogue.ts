// The catalogue and what is free: sites, sports, shops with their products and prices, availability,
// a product's price and sizes, trails (server/routes/catalogue.ts, products.ts, pathways.ts).
import * as z from 'zod/mini';
import { BookingQuerySchema } from '~/api/contract/booking-query';
import { AvailabilityDaysQuerySchema, AvailabilityDaysSchema } from '~/api/contract/availability';
import { AvailabilitiesSchema, AvailableSizesResponseSchema, ProductPriceResponseSchema } from '~/api/contract/catalogue';
import { PathwayListQuerySchema, PathwaySearchQuerySchema } from '~/api/contract/pathways';
import { PathwayEnvelope, PathwaysEnvelope, ShopLoadEnvelope, ShopsEnvelope, SiteEnvelope, SitesEnvelope, SportEnvelope, SportsEnvelope } from '../envelopes';
import { json, raw, tagged, type ApiOperation } from '../operation';
import { PathText } from '../params';
import { PATHWAY, PRICE, SHOP, SHOP_LOAD, SITE, SPORT } from '../examples/catalogue';

const DATES = { from: '2026-12-12', to: '2026-12-13' };
const BOOKING_QUERY = {
  schema: BookingQuerySchema,
  example: DATES,
};
const BOOKING_QUERY_TEXT =
  'The dates: `from`, `to` (= `from` for one day), `morning`/`afternoon` (one day\'s half), `season` (1/0), `edit_order_code` (an order being edited, left out), `fidelity_card_number` (10 % off when valid).';
// A shop by slug or by id: the same answer (server/routes/catalogue.ts answers both with shopLoad).
const SHOP_LOAD_OPERATION: Omit<ApiOperation, 'path' | 'summary'> = {
  method: 'get',
  description: `Prices for the asked dates (\`current_price\`). ${BOOKING_QUERY_TEXT}`,
  caller: { kind: 'anyone-or-token' },
  query: BOOKING_QUERY,
  reply: { status: 200, description: 'The shop, its categories and products.', body: json(ShopLoadEnvelope, { data: SHOP_LOAD }) },
  errors: [429],
};
const ID_OR_SLUG = { schema: PathText, example: 'anello-del-colomion', description: "The trail's id or slug." };

export const catalogueOperations = tagged('Catalogue', [
  {
    method: 'get',
    path: '/v2/sites',
    summary: 'Sites, with their shops and sports',
    description: 'With `with=shops.sports` each site carries its shops; without it the shops are left out.',
    caller: { kind: 'anyone' },
    query: { schema: z.object({ with: z.optional(z.string()) }), example: { with: 'shops.sports' }, checked: false },
    reply: { status: 200, description: 'The sites.', body: json(SitesEnvelope, { data: [{ ...SITE, shops: [SHOP] }] }) },
  },
  {
    method: 'get',
    path: '/v1/sites',
    summary: 'Sites',
    caller: { kind: 'anyone' },
    reply: { status: 200, description: 'The sites, without their shops.', body: json(SitesEnvelope, { data: [SITE] }) },
  },
  {
    method: 'get',
    path: '/v1/sites/:id',
    summary: 'A site',
    caller: { kind: 'anyone' },
    reply: { status: 200, description: 'The site.', body: json(SiteEnvelope, { data: SITE }) },
  },
  {
    method: 'get',
    path: '/v1/sites/:id/shops',
    summary: "A site's shops",
    caller: { kind: 'anyone' },
    reply: { status: 200, description: 'The shops.', body: json(ShopsEnvelope, { data: [SHOP] }) },
  },
  {
    method: 'get',
    path: '/v1/sports',
    summary: 'Sports',
    caller: { kind: 'anyone' },
    reply: { status: 200, description: 'The sports.', body: json(SportsEnvelope, { data: [SPORT] }) },
  },
  {
    method: 'get',
    path: '/v1/sports/:id',
    summary: 'A sport',
    caller: { kind: 'anyone' },
    reply: { status: 200, description: 'The sport.', body: json(SportEnvelope, { data: SPORT }) },
  },
  { ...SHOP_LOAD_OPERATION, path: '/v1/shops/slug/:slug', summary: 'A shop with its categories and products, by slug' },
  { ...SHOP_LOAD_OPERATION, path: '/v1/shops/:id', summary: 'A shop with its categories and products' },
  {
    method: 'get',
    path: '/v1/shops/:id/availabilities',
    summary: "Units free for the dates, by product",
    description: `Units minus the peak of bookings holding the same half-day within the dates; without dates, empty. ${BOOKING_QUERY_TEXT}`,
    caller: { kind: 'anyone-or-token' },
    query: BOOKING_QUERY,
    reply: { status: 200, description: 'Product id to free units (top level, not in `data`).', body: json(AvailabilitiesSchema, { availabilities: { '11': 7, '12': 3 } }) },
  },
  {
    method: 'get',
    path: '/v1/shops/:id/availabilities/days',
    summary: "One product's free units in each half of each day",
    description: 'For the calendar: at most 62 days a request; a reversed or longer span is 422, a product not the shop\'s 404.',
    caller: { kind: 'anyone-or-token' },
    query: { schema: AvailabilityDaysQuerySchema, example: { product_id: '11', from: '2026-12-12', to: '2026-12-13' } },
    reply: {
      status: 200,
      description: 'One entry per day, in order.',
      body: json(AvailabilityDaysSchema, { data: [{ date: '2026-12-12', morning: 7, afternoon: 6 }, { date: '2026-12-13', morning: 7, afternoon: 7 }] }),
    },
  },
  {
    method: 'get',
    path: '/v1/products/:id/price',
    summary: "A product's price for the dates",
    description: `\`current_price\` is null without dates. ${BOOKING_QUERY_TEXT}`,
    caller: { kind: 'anyone' },
    query: BOOKING_QUERY,
    reply: { status: 200, description: 'The price.', body: json(ProductPriceResponseSchema, { data: { product_id: 11, current_price: PRICE } }) },
    errors: [429],
  },
  {
    method: 'post',
    path: '/v1/products/:id/available_size',
    summary: 'Free units of a product, per size',
    description:
      'The dates in the body, as the query of the shop (dates are required here; `edit_order_code` leaves that order out). ' +
      "`sizes` is empty for a product whose units do not differ by size; a size's `available` never exceeds the product's.",
    caller: { kind: 'anyone' },
    body: json(BookingQuerySchema, DATES),
    reply: {
      status: 200,
      description: 'Free units for the dates, and per size its units and how many of them are free.',
      body: json(AvailableSizesResponseSchema, {
        data: { product_id: 11, available: 3, sizes: [{ size: 'S', units: 2, available: 2 }, { size: 'M', units: 2, available: 1 }, { size: 'L', units: 1, available: 0 }] },
      }),
    },
    errors: [429],
  },
  {
    method: 'get',
    path: '/v1/pathways',
    summary: 'Trails',
    description: 'Optionally of one site (`location`, its slug) and one sport (its slug).',
    caller: { kind: 'anyone' },
    query: { schema: PathwayListQuerySchema, example: { location: 'bardonecchia', sport: 'ciaspole' } },
    reply: { status: 200, description: 'The trails.', body: json(PathwaysEnvelope, { data: [PATHWAY] }) },
  },
  {
    method: 'get',
    path: '/v1/pathways/search',
    summary: 'Trails by name',
    caller: { kind: 'anyone' },
    query: { schema: PathwaySearchQuerySchema, example: { q: 'colomion' } },
    reply: { status: 200, description: 'The matching trails.', body: json(PathwaysEnvelope, { data: [PATHWAY] }) },
  },
  {
    method: 'get',
    path: '/v1/pathways/:id/gpx',
    summary: "A trail's GPX file",
    caller: { kind: 'anyone' },
    params: { id: ID_OR_SLUG },
    reply: {
      status: 200,
      description: 'The GPX file, as an attachment.',
      body: raw('application/gpx+xml', '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="…">…</gpx>'),
    },
  },
  {
    method: 'get',
    path: '/v1/pathways/:id',
    summary: 'A trail',
    caller: { kind: 'anyone' },
    params: { id: ID_OR_SLUG },
    reply: { status: 200, description: 'The trail.', body: json(PathwayEnvelope, { data: PATHWAY }) },
  },
]);
