// Schema and Node loader of seo-data/catalogue.json: what a shop rents for each sport it serves
// (categories, products, stock, models) and each product's explicit price list, plus the add-ons
// every shop offers. One committed file read by the API's seed (server/db/seed/products.ts) and by
// the static build (src/seo/offers.ts), so the prices on the static pages are the prices the
// reference API serves (README, "Prices on static pages").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { seoDataDir } from './dir';
import { CATEGORY_SLUGS, LocalizedTextSchema, SlugSchema, type CategorySlug } from './schema';

/** Euros, at most 2 decimals, never negative. */
const AmountSchema = z.number().nonnegative().refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, 'at most 2 decimals');

/** A per-day rate for rentals of rentDaysFrom..rentDaysTo days (null: open upper bound). */
export const DayTierSchema = z
  .strictObject({ rentDaysFrom: z.int().min(1), rentDaysTo: z.int().min(1).nullable(), amount: AmountSchema })
  .refine((tier) => tier.rentDaysTo === null || tier.rentDaysTo >= tier.rentDaysFrom, 'rentDaysTo before rentDaysFrom');
export type DayTier = z.infer<typeof DayTierSchema>;

/** A product's list price: per-day tiers (ascending, not overlapping), and flat half-day and season prices when offered. */
export const PriceListSchema = z
  .strictObject({
    days: z.array(DayTierSchema).min(1),
    morning: AmountSchema.optional(),
    afternoon: AmountSchema.optional(),
    season: AmountSchema.optional(),
  })
  .superRefine((list, ctx) => {
    list.days.forEach((tier, i) => {
      const previous = list.days[i - 1];
      if (previous && (previous.rentDaysTo === null || tier.rentDaysFrom <= previous.rentDaysTo))
        ctx.addIssue({ code: 'custom', path: ['days', i], message: 'day tiers must ascend without overlapping' });
    });
  });
export type PriceList = z.infer<typeof PriceListSchema>;

export const CatalogueProductSchema = z.strictObject({
  /** Unique across the file: names the product in the seed, unit codes and tests. */
  code: z.string().regex(/^[A-Z0-9]+(?:-[A-Z0-9]+)*$/),
  label: LocalizedTextSchema,
  description: LocalizedTextSchema,
  stock: z.int().min(0),
  models: z.array(z.string().min(1)).min(1),
  /** Sizes of the units, given in turn like the models (unit n has sizes[n % length]); none when they do not differ. */
  sizes: z.array(z.string().min(1).max(10)).min(1).optional(),
  prices: PriceListSchema,
  /** A photo of the product, a file of src/assets/products/ (the booking page shows its sport's drawing without one). */
  photo: z.string().regex(/^[a-z0-9-]+\.(jpg|png|webp)$/).optional(),
});
export type CatalogueProduct = z.infer<typeof CatalogueProductSchema>;

export const CatalogueCategorySchema = z.strictObject({
  slug: SlugSchema,
  label: LocalizedTextSchema,
  requireCustomerInfo: z.boolean(),
  products: z.array(CatalogueProductSchema).min(1),
});
export type CatalogueCategory = z.infer<typeof CatalogueCategorySchema>;

export const AddOnSchema = z.strictObject({
  code: z.string().regex(/^[A-Z0-9]+(?:-[A-Z0-9]+)*$/),
  label: LocalizedTextSchema,
  description: LocalizedTextSchema,
  stock: z.int().min(0),
  recommended: z.boolean(),
  /** A physical add-on has units to hand out (and delivery/pickup); a cover does not. */
  physical: z.boolean(),
  /** The sports whose gear it is offered with (src/domain/add-ons.ts). */
  sports: z.array(z.enum(CATEGORY_SLUGS)).min(1),
  prices: PriceListSchema,
});
export type AddOn = z.infer<typeof AddOnSchema>;

/** Key of one price of a list: which main price an add-on price goes with (same mode and tier). */
export type PriceKey = `days:${number}` | 'morning' | 'afternoon' | 'season';

/** One price row as the database stores it (server/db/schema prices): a tier, a half day or the season. */
export type PriceRow =
  | { key: PriceKey; rentDaysFrom: number; rentDaysTo: number | null; amount: number }
  | { key: PriceKey; morning: true; amount: number }
  | { key: PriceKey; afternoon: true; amount: number }
  | { key: PriceKey; season: true; amount: number };

/** The rows of a price list, in the order the seed inserts them: day tiers, morning, afternoon, season. */
export function priceRows(list: PriceList): PriceRow[] {
  return [
    ...list.days.map((tier) => ({ key: `days:${tier.rentDaysFrom}` as PriceKey, ...tier })),
    ...(list.morning === undefined ? [] : [{ key: 'morning' as const, morning: true as const, amount: list.morning }]),
    ...(list.afternoon === undefined ? [] : [{ key: 'afternoon' as const, afternoon: true as const, amount: list.afternoon }]),
    ...(list.season === undefined ? [] : [{ key: 'season' as const, season: true as const, amount: list.season }]),
  ];
}

export const CatalogueFileSchema = z
  .strictObject({
    /** Per sport (seo-data/categories.json slug): the categories a shop serving it rents, in display order. */
    sports: z.partialRecord(z.enum(CATEGORY_SLUGS), z.array(CatalogueCategorySchema).min(1)),
    addOns: z.array(AddOnSchema),
  })
  .superRefine((file, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const codes = new Set<string>();
    const slugs = new Set<string>();
    const products = Object.entries(file.sports).flatMap(([sport, categories]) =>
      categories!.flatMap((category, c) => {
        if (slugs.has(category.slug)) issue(['sports', sport, c, 'slug'], `duplicate category slug ${category.slug}`);
        slugs.add(category.slug);
        return category.products.map((product, p) => ({ product, path: ['sports', sport, c, 'products', p] }));
      }),
    );
    for (const { product, path } of [...products, ...file.addOns.map((product, i) => ({ product, path: ['addOns', i] }))]) {
      if (codes.has(product.code)) issue([...path, 'code'], `duplicate code ${product.code}`);
      codes.add(product.code);
    }
    // An add-on price is offered with one main price of the same mode and tier: every price a
    // product has needs its add-on counterpart.
    for (const { product, path } of products)
      for (const row of priceRows(product.prices))
        file.addOns.forEach((addOn, i) => {
          if (!priceRows(addOn.prices).some((r) => r.key === row.key))
            issue(['addOns', i, 'prices'], `no ${row.key} price to go with ${product.code} (${path.join('.')})`);
        });
  });
export type CatalogueFile = z.infer<typeof CatalogueFileSchema>;

/** The categories a sport's shops rent (none for a sport the file does not list). */
export const categoriesOfSport = (file: CatalogueFile, sport: CategorySlug | string): CatalogueCategory[] =>
  file.sports[sport as CategorySlug] ?? [];

/** Reads and validates the catalogue (by default the table's: seo-data/, or SEO_DATA_DIR); throws a ZodError when it is invalid. */
export function loadCatalogue(file: URL | string = path.join(seoDataDir(), 'catalogue.json')): CatalogueFile {
  return CatalogueFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}
