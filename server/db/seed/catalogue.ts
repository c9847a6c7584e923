// Seeds sports, sites, shops and each shop's categories, products, prices, add-ons and units.
import type { Db } from '../client';
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
} from '../schema/index';
import type { SeedSource } from './seo';
import { addOnTemplates, priceList, sportCatalogue } from './products';
import { and, eq } from 'drizzle-orm';
import { ALL_YEAR } from '~/domain/season';
import { addOnFitsSport } from '~/domain/add-ons';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A shop's season window as stored: the committed one, or all year. */
const seasonWindow = (shop: SeedSource['shops'][number]) => shop.season ?? ALL_YEAR;

/**
 * Sets every shop's season window from the committed data: databases seeded before seasons existed held
 * concrete days (migration 0016 kept their month-days only) and shops without a season a guessed one.
 */
export async function seedShopSeasons(db: Db, source: SeedSource): Promise<void> {
  for (const shop of source.shops) {
    const window = seasonWindow(shop);
    await db.update(shops).set({ seasonFrom: window.from, seasonTo: window.to }).where(eq(shops.id, shop.id));
  }
}

/** The size of a product's unit n (the sizes given in turn, like the models), null when sizes do not differ. */
function unitSize(template: { sizes?: string[] | undefined }, n: number): string | null {
  return template.sizes ? template.sizes[n % template.sizes.length]! : null;
}

/**
 * Sets the sizes of the products that have them on the units of a database seeded before sizes
 * existed (their units were seeded with none); the unit codes name them, as seedCatalogue made them.
 */
export async function seedUnitSizes(db: Db, source: SeedSource): Promise<void> {
  for (const shop of source.shops) {
    const shopCode = `S${String(shop.id).padStart(2, '0')}`;
    for (const sportSlug of shop.sports) {
      for (const template of (sportCatalogue[sportSlug] ?? []).flatMap((c) => c.products)) {
        if (!template.sizes) continue;
        for (let n = 0; n < template.stock; n++) {
          const code = `${shopCode}-${template.code}-${String(n + 1).padStart(2, '0')}`;
          await db.update(specificProducts).set({ size: unitSize(template, n) }).where(eq(specificProducts.internalCode, code));
        }
      }
    }
  }
}

/**
 * A database seeded before add-ons had sports offered every add-on with every product: the links
 * of an add-on to gear of a sport it does not fit are removed (its prices stay, for the orders
 * that hold them; without the link no product offers them).
 */
export async function seedAddOnSports(db: Db): Promise<void> {
  const links = await db
    .select({ productId: relatedProducts.productId, addOnId: relatedProducts.relatedProductId, addOnCode: products.code, sport: sports.slug })
    .from(relatedProducts)
    .innerJoin(products, eq(products.id, relatedProducts.relatedProductId))
    .innerJoin(productCategories, eq(productCategories.productId, relatedProducts.productId))
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .innerJoin(sports, eq(sports.id, categories.sportId));
  const templates = new Map(addOnTemplates.map((t) => [t.code, t]));
  for (const link of links) {
    const template = templates.get(link.addOnCode);
    if (!template || !link.sport || addOnFitsSport(template, link.sport)) continue;
    await db.delete(relatedProducts).where(and(eq(relatedProducts.productId, link.productId), eq(relatedProducts.relatedProductId, link.addOnId)));
  }
}

export async function seedCatalogue(tx: Tx, source: SeedSource): Promise<void> {
  const sportBySlug = new Map(source.categories.map((c) => [c.slug, c]));
  await tx.insert(sports).values(source.categories.map((c) => ({ id: c.id, slug: c.slug, name: c.name.it, names: c.name })));
  await tx.insert(sites).values(
    source.towns.map((town) => ({ id: town.id, slug: town.slug, label: town.label, region: town.region, lat: town.lat, lon: town.lon })),
  );
  const townBySlug = new Map(source.towns.map((town) => [town.slug, town]));

  for (const shop of source.shops) {
    const season = seasonWindow(shop);
    await tx.insert(shops).values({
      id: shop.id,
      siteId: townBySlug.get(shop.town)!.id,
      slug: shop.slug,
      label: shop.label,
      address: shop.address,
      postalCode: shop.postalCode,
      city: shop.city,
      country: shop.country,
      phone: shop.phone,
      email: shop.email,
      logos: [],
      lat: shop.lat,
      lon: shop.lon,
      seasonFrom: season.from,
      seasonTo: season.to,
    });
    await tx.insert(shopSports).values(shop.sports.map((slug) => ({ shopId: shop.id, sportId: sportBySlug.get(slug)!.id })));
    const shopCode = `S${String(shop.id).padStart(2, '0')}`;

    // Add-ons of the shop, with their own price list each.
    const addOns = [];
    for (const [i, template] of addOnTemplates.entries()) {
      const [addOn] = await tx
        .insert(products)
        .values({ shopId: shop.id, code: template.code, label: template.label, description: template.description, isAddOn: true, stock: template.stock, position: 100 + i })
        .returning();
      addOns.push({ template, product: addOn! });
      if (template.physical) {
        await tx.insert(specificProducts).values(
          Array.from({ length: template.stock }, (_, n) => ({
            productId: addOn!.id,
            internalCode: `${shopCode}-${template.code}-${String(n + 1).padStart(2, '0')}`,
            productModel: 'Uvex Legend',
            size: ['S', 'M', 'L'][n % 3]!,
          })),
        );
      }
    }

    let position = 0;
    for (const sportSlug of shop.sports) {
      const sport = sportBySlug.get(sportSlug)!;
      const [root] = await tx
        .insert(categories)
        .values({ shopId: shop.id, parentId: null, sportId: sport.id, slug: sport.slug, label: sport.name, position: position++ })
        .returning();
      for (const categoryTemplate of sportCatalogue[sportSlug] ?? []) {
        const [category] = await tx
          .insert(categories)
          .values({
            shopId: shop.id,
            parentId: root!.id,
            sportId: sport.id,
            slug: categoryTemplate.slug,
            label: categoryTemplate.label,
            requireCustomerInfo: categoryTemplate.requireCustomerInfo,
            position: position++,
          })
          .returning();
        for (const template of categoryTemplate.products) {
          const [product] = await tx
            .insert(products)
            .values({ shopId: shop.id, code: template.code, label: template.label, description: template.description, stock: template.stock, position: position++ })
            .returning();
          await tx.insert(productCategories).values({ productId: product!.id, categoryId: category!.id });
          const mainList = priceList(template);
          const mainPrices = await tx
            .insert(prices)
            .values(mainList.map(({ key: _key, ...p }) => ({ productId: product!.id, mainPrice: true, originalAmount: p.amount, ...p })))
            .returning();
          // Only the add-ons that go with this sport's gear (no helmet with snowshoes).
          for (const { template: addOnTemplate, product: addOn } of addOns.filter((a) => addOnFitsSport(a.template, sportSlug))) {
            await tx.insert(relatedProducts).values({
              productId: product!.id,
              relatedProductId: addOn.id,
              recommended: addOnTemplate.recommended,
              hasDelivery: addOnTemplate.physical,
              hasPickup: addOnTemplate.physical,
            });
            // One add-on price per main price, same mode and tier: offered only with that price
            // (the catalogue schema makes sure the add-on has one for every key).
            const addOnAmounts = new Map(priceList(addOnTemplate).map((p) => [p.key, p.amount]));
            await tx.insert(prices).values(
              mainPrices.map((main, i) => ({
                productId: addOn.id,
                idMainPrice: main.id,
                mainPrice: false,
                amount: addOnAmounts.get(mainList[i]!.key)!,
                originalAmount: addOnAmounts.get(mainList[i]!.key)!,
                season: main.season,
                morning: main.morning,
                afternoon: main.afternoon,
                rentDaysFrom: main.rentDaysFrom,
                rentDaysTo: main.rentDaysTo,
              })),
            );
          }
          await tx.insert(specificProducts).values(
            Array.from({ length: template.stock }, (_, n) => ({
              productId: product!.id,
              internalCode: `${shopCode}-${template.code}-${String(n + 1).padStart(2, '0')}`,
              productModel: template.models[n % template.models.length]!,
              size: unitSize(template, n),
            })),
          );
        }
      }
    }
  }
}
