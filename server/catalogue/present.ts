// JSON shapes of the catalogue (spec §3), in the request's language.
import type { Locale } from '~/i18n/index';
import type { DateMode } from '~/domain/dates';
import { rentDays } from '~/domain/dates';
import { selectPrice } from '~/domain/pricing';
import { requiresCustomerInfo } from '~/domain/catalogue';
import { withFidelityDiscount, withTotal } from '~/domain/charges';
import type { z } from 'zod';
import type {
  CategorySchema,
  Price,
  ProductSchema,
  RelatedProductSchema,
  ShopLoadSchema,
  ShopSchema,
  SiteSchema,
  SportSchema,
} from '~/api/contract/catalogue';
import type { LocalizedText } from '../db/schema/catalogue';
import type { CatalogueProduct, CatalogueShop, CategoryRow, PriceRow, SiteRow, SportRow } from './cache';
import { shopSeason } from './season';

export const localized = (text: LocalizedText | null | undefined, locale: Locale): string =>
  text ? (text[locale] ?? text.it) : '';

export function presentSport(s: SportRow, locale: Locale): z.input<typeof SportSchema> {
  return { id: s.id, slug: s.slug, name: s.names ? localized(s.names, locale) : s.name };
}

/** `today`: the Rome day the shop's season is worked out for (its current or next occurrence). */
export function presentShop(shop: CatalogueShop, locale: Locale, today: string): z.input<typeof ShopSchema> {
  const r = shop.row;
  return {
    id: r.id,
    slug: r.slug,
    label: r.label,
    address: r.address,
    postal_code: r.postalCode,
    city: r.city,
    country: r.country,
    phone: r.phone,
    email: r.email,
    lat: r.lat,
    lon: r.lon,
    logos: r.logos,
    site_id: r.siteId,
    season: shopSeason(shop, today),
    sports: shop.sports.map((s) => presentSport(s, locale)),
  };
}

export function presentSite(site: SiteRow, shops: CatalogueShop[] | null, locale: Locale, today: string): z.input<typeof SiteSchema> {
  return {
    id: site.id,
    slug: site.slug,
    label: site.label,
    region: site.region,
    lat: site.lat,
    lon: site.lon,
    ...(shops ? { shops: shops.map((s) => presentShop(s, locale, today)) } : {}),
  };
}

function presentCategoryTree(rows: CategoryRow[], parentId: number | null, locale: Locale): z.input<typeof CategorySchema>[] {
  return rows
    .filter((c) => c.parentId === parentId)
    .map((c): z.input<typeof CategorySchema> => ({
      id: c.id,
      slug: c.slug,
      label: localized(c.label, locale),
      require_customer_info: c.requireCustomerInfo,
      sport_id: c.sportId,
      children: presentCategoryTree(rows, c.id, locale),
    }));
}

export function toPrice(p: PriceRow): Price {
  return {
    id: p.id,
    id_main_price: p.idMainPrice,
    amount: p.amount,
    original_amount: p.originalAmount ?? p.amount,
    total_price: null,
    main_price: p.mainPrice,
    season: p.season,
    morning: p.morning,
    afternoon: p.afternoon,
    rent_days_from: p.rentDaysFrom,
    rent_days_to: p.rentDaysTo,
  };
}

export interface PriceContext {
  mode: DateMode | null;
  dates: string[];
  fidelity: boolean;
}

/** Prices as charged for this request: fidelity discount applied, totals for the rent days. */
export function pricesFor(rows: PriceRow[], ctx: PriceContext): Price[] {
  const days = ctx.mode === null ? 1 : rentDays(ctx.mode, ctx.dates);
  return rows.map((row) => {
    const price = toPrice(row);
    return withTotal(ctx.fidelity ? withFidelityDiscount(price) : price, days);
  });
}

export function currentPrice(product: CatalogueProduct, ctx: PriceContext): Price | null {
  if (ctx.mode === null) return null;
  const list = pricesFor(product.prices, ctx);
  return selectPrice(list, ctx.mode, rentDays(ctx.mode, ctx.dates)) ?? null;
}

export function presentProduct(shop: CatalogueShop, product: CatalogueProduct, ctx: PriceContext, locale: Locale): z.input<typeof ProductSchema> {
  const requireCustomerInfo = requiresCustomerInfo(product.categoryIds, shop.categories);
  const productPrices = pricesFor(product.prices, ctx);
  const current = ctx.mode === null ? null : (selectPrice(productPrices, ctx.mode, rentDays(ctx.mode, ctx.dates)) ?? null);
  return {
    id: product.row.id,
    code: product.row.code,
    label: localized(product.row.label, locale),
    description: localized(product.row.description, locale),
    categories: product.categoryIds,
    require_customer_info: requireCustomerInfo,
    ...(product.sizes.length > 0 ? { sizes: product.sizes.map((s) => s.size) } : {}),
    prices: productPrices,
    current_price: current,
    // Every add-on price, each linked to one main price: the storefront offers those linked to
    // the current price (domain `offeredAddOns`).
    related: product.related.flatMap((r) =>
      pricesFor(r.prices, ctx).map((price): z.input<typeof RelatedProductSchema> => ({
        id: r.product.id,
        label: localized(r.product.label, locale),
        price,
        used: false,
        hasDelivery: r.link.hasDelivery,
        hasPickup: r.link.hasPickup,
        recommended: r.link.recommended,
      })),
    ),
  };
}

export function presentShopLoad(shop: CatalogueShop, ctx: PriceContext, locale: Locale, today: string): z.input<typeof ShopLoadSchema> {
  return {
    shop: presentShop(shop, locale, today),
    categories: presentCategoryTree(shop.categories, null, locale),
    products: shop.products.map((p) => presentProduct(shop, p, ctx, locale)),
  };
}
