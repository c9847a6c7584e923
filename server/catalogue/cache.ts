// The catalogue held in memory: sites, sports, shops with their products and prices. Reads of
// shops are a hot path (every visitor, every date change) and PGlite answers one query at a time,
// so they are served from here; the database stays the source of truth: this is loaded from it at
// start, and read again when another process reports a catalogue change (server/cluster/sync.ts,
// through the after-commit hook of server/availability/commit.ts). What is free to book is
// server/availability/.
import type { Db } from '../db/client';
import {
  categories,
  prices,
  productCategories,
  products,
  relatedProducts,
  shopSports,
  shops,
  sites,
  specificProducts,
  sports,
} from '../db/schema/index';
import { countSizes, type SizeUnits } from '~/domain/sizes';

export type SiteRow = typeof sites.$inferSelect;
export type SportRow = typeof sports.$inferSelect;
export type ShopRow = typeof shops.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type PriceRow = typeof prices.$inferSelect;
export type RelatedRow = typeof relatedProducts.$inferSelect;

export interface CatalogueProduct {
  row: ProductRow;
  categoryIds: number[];
  prices: PriceRow[];
  related: { link: RelatedRow; product: ProductRow; prices: PriceRow[] }[];
  /** Its units per size (none when they do not differ): units are never added at run time. */
  sizes: SizeUnits[];
}

export interface CatalogueShop {
  row: ShopRow;
  site: SiteRow;
  sports: SportRow[];
  categories: CategoryRow[];
  products: CatalogueProduct[];
  productsById: Map<number, CatalogueProduct>;
}

export class CatalogueCache {
  sites: SiteRow[] = [];
  sports: SportRow[] = [];
  shops: CatalogueShop[] = [];
  private byId = new Map<number, CatalogueShop>();
  private bySlug = new Map<string, CatalogueShop>();
  /** All products of every shop, main and add-on. */
  private productIndex = new Map<number, { shop: CatalogueShop; product: ProductRow }>();
  /** Memoised shop bodies (UTF-8, as sent), keyed by everything they depend on; the catalogue is read-only at run time. */
  readonly responses = new ShopBodies();

  async load(db: Db): Promise<void> {
    const [siteRows, sportRows, shopRows, shopSportRows, categoryRows, productRows, priceRows, linkRows, pcRows, unitRows] =
      await Promise.all([
        db.select().from(sites).orderBy(sites.label),
        db.select().from(sports).orderBy(sports.id),
        db.select().from(shops).orderBy(shops.label),
        db.select().from(shopSports),
        db.select().from(categories).orderBy(categories.position, categories.id),
        db.select().from(products).orderBy(products.position, products.id),
        db.select().from(prices).orderBy(prices.id),
        db.select().from(relatedProducts),
        db.select().from(productCategories),
        db.select({ productId: specificProducts.productId, size: specificProducts.size }).from(specificProducts).orderBy(specificProducts.id),
      ]);
    this.sites = siteRows;
    this.sports = sportRows;
    const sportById = new Map(sportRows.map((s) => [s.id, s]));
    const siteById = new Map(siteRows.map((s) => [s.id, s]));
    const pricesByProduct = group(priceRows, (p) => p.productId);
    const categoriesByProduct = group(pcRows, (r) => r.productId);
    const productById = new Map(productRows.map((p) => [p.id, p]));
    const linksByProduct = group(linkRows, (l) => l.productId);
    const unitsByProduct = group(unitRows, (u) => u.productId);

    this.shops = shopRows.map((row) => {
      const shopProducts: CatalogueProduct[] = productRows
        .filter((p) => p.shopId === row.id && !p.isAddOn)
        .map((p) => {
          const ownPrices = pricesByProduct.get(p.id) ?? [];
          const ownIds = new Set(ownPrices.map((price) => price.id));
          return {
            row: p,
            categoryIds: (categoriesByProduct.get(p.id) ?? []).map((r) => r.categoryId),
            prices: ownPrices,
            // An add-on's prices are each linked to one main price: keep those of this product.
            related: (linksByProduct.get(p.id) ?? []).flatMap((link) => {
              const product = productById.get(link.relatedProductId);
              const linked = (pricesByProduct.get(link.relatedProductId) ?? []).filter(
                (price) => price.idMainPrice !== null && ownIds.has(price.idMainPrice),
              );
              return product ? [{ link, product, prices: linked }] : [];
            }),
            sizes: countSizes(unitsByProduct.get(p.id) ?? []),
          };
        });
      return {
        row,
        site: siteById.get(row.siteId)!,
        sports: shopSportRows.filter((s) => s.shopId === row.id).map((s) => sportById.get(s.sportId)!).filter(Boolean),
        categories: categoryRows.filter((c) => c.shopId === row.id),
        products: shopProducts,
        productsById: new Map(shopProducts.map((p) => [p.row.id, p])),
      };
    });
    this.byId = new Map(this.shops.map((s) => [s.row.id, s]));
    this.bySlug = new Map(this.shops.map((s) => [s.row.slug, s]));
    this.productIndex = new Map(
      productRows.map((p) => [p.id, { shop: this.byId.get(p.shopId)!, product: p }]),
    );
    this.responses.clear();
  }

  shopById(id: number): CatalogueShop | undefined {
    return this.byId.get(id);
  }

  shopBySlug(slug: string): CatalogueShop | undefined {
    return this.bySlug.get(slug);
  }

  product(id: number) {
    return this.productIndex.get(id);
  }
}

/**
 * What the shop bodies may hold, all together: a shop's body is about 36 KB, so a few hundred
 * (shops × languages × dates asked) before the memo starts again, whatever odd dates are asked.
 */
const SHOP_BODIES_MAX_BYTES = 16 * 1024 * 1024;

/** The memo of shop bodies, bounded in bytes: past the bound it is emptied and fills again. */
class ShopBodies {
  private readonly bodies = new Map<string, Uint8Array<ArrayBuffer>>();
  private bytes = 0;

  get(key: string): Uint8Array<ArrayBuffer> | undefined {
    return this.bodies.get(key);
  }

  set(key: string, body: Uint8Array<ArrayBuffer>): void {
    if (this.bytes + body.byteLength > SHOP_BODIES_MAX_BYTES) this.clear();
    this.bodies.set(key, body);
    this.bytes += body.byteLength;
  }

  clear(): void {
    this.bodies.clear();
    this.bytes = 0;
  }
}

function group<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
