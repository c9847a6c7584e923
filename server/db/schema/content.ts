// Trails and booking requests.
import { doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { shops, sites, sports, type LocalizedText } from './catalogue';

export const pathways = pgTable(
  'pathways',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    label: text('label').notNull(),
    siteId: integer('site_id').notNull().references(() => sites.id),
    sportId: integer('sport_id').notNull().references(() => sports.id),
    description: jsonb('description').$type<LocalizedText>(),
    gpxFile: text('gpx_file').notNull(),
    distance: doublePrecision('distance').notNull(),
    elevationGain: doublePrecision('elevation_gain').notNull(),
    elevationLoss: doublePrecision('elevation_loss').notNull(),
    movingTime: doublePrecision('moving_time').notNull(),
  },
  (t) => [index('pathways_site_idx').on(t.siteId)],
);

/** A request for a booking the online flow cannot take (e.g. a group), handled by the shop. */
export const bookingRequests = pgTable('booking_requests', {
  id: serial('id').primaryKey(),
  shopId: integer('shop_id').notNull().references(() => shops.id),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  // The form asks for an e-mail or a phone (at least one, src/api/contract/booking-requests.ts).
  email: text('email'),
  phone: text('phone'),
  dateFrom: text('date_from').notNull(),
  dateTo: text('date_to').notNull(),
  people: integer('people').notNull(),
  message: text('message').notNull(),
  locale: text('locale').notNull().default('it'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
