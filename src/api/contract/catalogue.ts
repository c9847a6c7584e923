// Catalogue entities of spec §3: sites, sports, shops, categories, products and their prices.
import { z } from 'zod';

/** Money in euros with 2 decimals, as sent by the booking API. */
export const MoneySchema = z.number();

export const SportSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
});
export type Sport = z.infer<typeof SportSchema>;

export const LogoSchema = z.object({ url: z.string() });
export type Logo = z.infer<typeof LogoSchema>;

export const CategorySchema = z.object({
  id: z.number(),
  label: z.string().optional(),
  slug: z.string().optional(),
  require_customer_info: z.boolean().default(false),
  get children(): z.ZodDefault<z.ZodArray<typeof CategorySchema>> {
    return z.array(CategorySchema).default([]);
  },
});
export type Category = z.infer<typeof CategorySchema>;

export const PriceSchema = z.object({
  id: z.number(),
  /** Set on an add-on price: the id of the main price it is linked to. */
  id_main_price: z.number().nullable().optional(),
  amount: MoneySchema,
  original_amount: MoneySchema.nullable().optional(),
  total_price: MoneySchema.nullable().optional(),
  main_price: z.boolean().default(false),
  season: z.boolean().default(false),
  morning: z.boolean().default(false),
  afternoon: z.boolean().default(false),
  rent_days_from: z.number().nullable().optional(),
  /** null, missing or 0 means open-ended (spec: open upper bound 999 days). */
  rent_days_to: z.number().nullable().optional(),
});
export type Price = z.infer<typeof PriceSchema>;

export const RelatedProductSchema = z.object({
  /** Product id of the add-on. */
  id: z.number(),
  label: z.string().optional(),
  price: PriceSchema,
  used: z.boolean().default(false),
  hasDelivery: z.boolean().default(false),
  hasPickup: z.boolean().default(false),
  recommended: z.boolean().default(false),
});
export type RelatedProduct = z.infer<typeof RelatedProductSchema>;

export const ProductSchema = z.object({
  id: z.number(),
  label: z.string().optional(),
  /** Ids of the categories the product belongs to. */
  categories: z.array(z.number()).default([]),
  require_customer_info: z.boolean().default(false),
  prices: z.array(PriceSchema).default([]),
  current_price: PriceSchema.nullable().optional(),
  related: z.array(RelatedProductSchema).default([]),
});
export type Product = z.infer<typeof ProductSchema>;

export const ShopSchema = z.object({
  id: z.number(),
  slug: z.string(),
  label: z.string(),
  address: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  logos: z.array(LogoSchema).default([]),
  categories: z.array(CategorySchema).default([]),
  sports: z.array(SportSchema).default([]),
  /** The shop's rental season (the days a season booking holds), 'YYYY-MM-DD'. */
  season: z.object({ from: z.string(), to: z.string() }).nullable().optional(),
});
export type Shop = z.infer<typeof ShopSchema>;

/** Shop load response: the shop with its categories and products. */
export const ShopLoadSchema = z.object({
  shop: ShopSchema,
  categories: z.array(CategorySchema).default([]),
  products: z.array(ProductSchema).default([]),
});
export type ShopLoad = z.infer<typeof ShopLoadSchema>;

export const SiteSchema = z.object({
  id: z.number().optional(),
  slug: z.string(),
  label: z.string(),
  region: z.string(),
  shops: z.array(ShopSchema).default([]),
});
export type Site = z.infer<typeof SiteSchema>;

/** Availabilities response: product id to available count. */
export const AvailabilitiesSchema = z.object({
  availabilities: z.record(z.string(), z.number()),
});
export type Availabilities = z.infer<typeof AvailabilitiesSchema>;
