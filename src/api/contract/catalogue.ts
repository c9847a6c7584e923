// Catalogue entities of spec §3: sites, sports, shops, categories, products and their prices.
import * as z from 'zod/mini';

/** Money in euros with 2 decimals, as sent by the booking API. */
export const MoneySchema = z.number();

export const SportSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
});
export type Sport = z.infer<typeof SportSchema>;

export const LogoSchema = z.object({ url: z.string() });

export const CategorySchema = z.object({
  id: z.number(),
  label: z.optional(z.string()),
  slug: z.optional(z.string()),
  require_customer_info: z._default(z.boolean(), false),
  /** Answered by the API (the category's sport); the storefront does not read it. */
  sport_id: z.optional(z.nullable(z.number())),
  get children(): z.ZodMiniDefault<z.ZodMiniArray<typeof CategorySchema>> {
    return z._default(z.array(CategorySchema), []);
  },
});
export type Category = z.infer<typeof CategorySchema>;

export const PriceSchema = z.object({
  id: z.number(),
  /** Set on an add-on price: the id of the main price it is linked to. */
  id_main_price: z.optional(z.nullable(z.number())),
  amount: MoneySchema,
  original_amount: z.optional(z.nullable(MoneySchema)),
  total_price: z.optional(z.nullable(MoneySchema)),
  main_price: z._default(z.boolean(), false),
  season: z._default(z.boolean(), false),
  morning: z._default(z.boolean(), false),
  afternoon: z._default(z.boolean(), false),
  rent_days_from: z.optional(z.nullable(z.number())),
  /** null, missing or 0 means open-ended (spec: open upper bound 999 days). */
  rent_days_to: z.optional(z.nullable(z.number())),
});
export type Price = z.infer<typeof PriceSchema>;

export const RelatedProductSchema = z.object({
  /** Product id of the add-on. */
  id: z.number(),
  label: z.optional(z.string()),
  price: PriceSchema,
  used: z._default(z.boolean(), false),
  hasDelivery: z._default(z.boolean(), false),
  hasPickup: z._default(z.boolean(), false),
  recommended: z._default(z.boolean(), false),
});
export type RelatedProduct = z.infer<typeof RelatedProductSchema>;

export const ProductSchema = z.object({
  id: z.number(),
  /** Answered by the API (the shop's own code and text); the storefront does not show them yet. */
  code: z.optional(z.string()),
  description: z.optional(z.string()),
  label: z.optional(z.string()),
  /** Ids of the categories the product belongs to. */
  categories: z._default(z.array(z.number()), []),
  require_customer_info: z._default(z.boolean(), false),
  /** The sizes its units come in (boots, bikes…): the booking asks one per person. */
  sizes: z.optional(z.array(z.string())),
  prices: z._default(z.array(PriceSchema), []),
  current_price: z.optional(z.nullable(PriceSchema)),
  related: z._default(z.array(RelatedProductSchema), []),
});
export type Product = z.infer<typeof ProductSchema>;

export const ShopSchema = z.object({
  id: z.number(),
  slug: z.string(),
  label: z.string(),
  address: z.optional(z.nullable(z.string())),
  city: z.optional(z.nullable(z.string())),
  country: z.optional(z.nullable(z.string())),
  phone: z.optional(z.nullable(z.string())),
  logos: z._default(z.array(LogoSchema), []),
  categories: z._default(z.array(CategorySchema), []),
  sports: z._default(z.array(SportSchema), []),
  /** The shop's rental season (the days a season booking holds), 'YYYY-MM-DD'. */
  season: z.optional(z.nullable(z.object({ from: z.string(), to: z.string() }))),
  /** Answered by the API beyond the spec's Shop (the SEO pages take them from seo-data at build). */
  postal_code: z.optional(z.nullable(z.string())),
  email: z.optional(z.nullable(z.string())),
  lat: z.optional(z.nullable(z.number())),
  lon: z.optional(z.nullable(z.number())),
  site_id: z.optional(z.number()),
});
export type Shop = z.infer<typeof ShopSchema>;

/** Shop load response: the shop with its categories and products. */
export const ShopLoadSchema = z.object({
  shop: ShopSchema,
  categories: z._default(z.array(CategorySchema), []),
  products: z._default(z.array(ProductSchema), []),
});
export type ShopLoad = z.infer<typeof ShopLoadSchema>;

export const SiteSchema = z.object({
  id: z.optional(z.number()),
  slug: z.string(),
  label: z.string(),
  region: z.string(),
  /** Answered by the API beyond the spec's Site. */
  lat: z.optional(z.nullable(z.number())),
  lon: z.optional(z.nullable(z.number())),
  shops: z._default(z.array(ShopSchema), []),
});
export type Site = z.infer<typeof SiteSchema>;

/** GET v1/products/{id}/price: the product's price for the asked dates (null without dates). */
export const ProductPriceResponseSchema = z.object({ data: z.object({ product_id: z.number(), current_price: z.nullable(PriceSchema) }) });

/**
 * POST v1/products/{id}/available_size: how many are free for the dates, and per size (none for a
 * product whose units do not differ by size) its units and how many of them are free.
 */
export const AvailableSizesResponseSchema = z.object({
  data: z.object({
    product_id: z.number(),
    available: z.number(),
    sizes: z.array(z.object({ size: z.string(), units: z.number(), available: z.number() })),
  }),
});

/** Availabilities response: product id to available count. */
export const AvailabilitiesSchema = z.object({
  availabilities: z.record(z.string(), z.number()),
});
