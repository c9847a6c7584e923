// Sites, sports, shops, categories, products, prices and the physical units (specific products).
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Text per locale; Italian is always present. */
export type LocalizedText = { it: string; en?: string; fr?: string };

/** Money is stored exactly (numeric) and handled in JS as euros with 2 decimals. */
const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });

/** A month-day 'MM-DD' (a pattern only; src/domain/season.ts isMonthDay also rejects '02-30'). */
const MONTH_DAY_SQL = `'^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'`;

export const sports = pgTable('sports', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  names: jsonb('names').$type<LocalizedText>(),
});

/** A rental location (a town). */
export const sites = pgTable('sites', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  label: text('label').notNull(),
  region: text('region').notNull(),
  lat: doublePrecision('lat'),
  lon: doublePrecision('lon'),
});

export const shops = pgTable('shops', {
  id: integer('id').primaryKey(),
  siteId: integer('site_id').notNull().references(() => sites.id),
  slug: text('slug').notNull().unique(),
  label: text('label').notNull(),
  address: text('address').notNull(),
  postalCode: text('postal_code'),
  city: text('city').notNull(),
  country: text('country').notNull(),
  phone: text('phone').notNull(),
  email: text('email'),
  logos: jsonb('logos').$type<{ url: string }[]>().notNull().default([]),
  lat: doublePrecision('lat'),
  lon: doublePrecision('lon'),
  /**
   * Rental season of the shop as a month-day window 'MM-DD'..'MM-DD', the same every year (may wrap
   * over New Year; '01-01'..'12-31' = all year). Read only through shopSeason (server/catalogue/season.ts),
   * which turns it into this year's days.
   */
  seasonFrom: text('season_from').notNull().default('01-01'),
  seasonTo: text('season_to').notNull().default('12-31'),
}, (t) => [
  check('shops_season_from_month_day', sql`${t.seasonFrom} ~ ${sql.raw(MONTH_DAY_SQL)}`),
  check('shops_season_to_month_day', sql`${t.seasonTo} ~ ${sql.raw(MONTH_DAY_SQL)}`),
]);

export const shopSports = pgTable(
  'shop_sports',
  {
    shopId: integer('shop_id').notNull().references(() => shops.id),
    sportId: integer('sport_id').notNull().references(() => sports.id),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.sportId] })],
);

/** Category tree of a shop; leaves hold products. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    parentId: integer('parent_id'),
    sportId: integer('sport_id').references(() => sports.id),
    slug: text('slug').notNull(),
    label: jsonb('label').$type<LocalizedText>().notNull(),
    requireCustomerInfo: boolean('require_customer_info').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('categories_shop_idx').on(t.shopId)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    code: text('code').notNull(),
    label: jsonb('label').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>(),
    /** An add-on (helmet, cover…) is sold only together with a main product. */
    isAddOn: boolean('is_add_on').notNull().default(false),
    /** Units the shop can rent at the same time. */
    stock: integer('stock').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('products_shop_idx').on(t.shopId), uniqueIndex('products_shop_code_idx').on(t.shopId, t.code)],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id').notNull().references(() => products.id),
    categoryId: integer('category_id').notNull().references(() => categories.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] })],
);

/**
 * A price of a product (spec §3). Day prices (main, not morning/afternoon/season) are per day for
 * the rent_days_from..rent_days_to tier; half-day and season prices are flat. An add-on price
 * carries id_main_price: it is offered only with that main price.
 */
export const prices = pgTable(
  'prices',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id),
    idMainPrice: integer('id_main_price'),
    amount: money('amount').notNull(),
    originalAmount: money('original_amount'),
    mainPrice: boolean('main_price').notNull().default(false),
    season: boolean('season').notNull().default(false),
    morning: boolean('morning').notNull().default(false),
    afternoon: boolean('afternoon').notNull().default(false),
    rentDaysFrom: integer('rent_days_from'),
    rentDaysTo: integer('rent_days_to'),
  },
  (t) => [index('prices_product_idx').on(t.productId), index('prices_main_idx').on(t.idMainPrice)],
);

/** Add-on products offered with a main product. */
export const relatedProducts = pgTable(
  'related_products',
  {
    productId: integer('product_id').notNull().references(() => products.id),
    relatedProductId: integer('related_product_id').notNull().references(() => products.id),
    recommended: boolean('recommended').notNull().default(false),
    hasDelivery: boolean('has_delivery').notNull().default(false),
    hasPickup: boolean('has_pickup').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.productId, t.relatedProductId] })],
);

/** One physical unit of a product, identified by the code on its label. */
export const specificProducts = pgTable(
  'specific_products',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id),
    internalCode: text('internal_code').notNull().unique(),
    productModel: text('product_model').notNull(),
    size: text('size'),
    locked: boolean('locked').notNull().default(false),
  },
  (t) => [index('specific_products_product_idx').on(t.productId)],
);
