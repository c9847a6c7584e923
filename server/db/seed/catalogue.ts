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

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const WINTER = new Set(['sci', 'snowboard', 'sci-alpinismo', 'ciaspole']);

/** The current or next season of a shop: winter Dec 1 → Apr 15, summer May 1 → Oct 31. */
export function seasonOf(sportSlugs: string[], today: string): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  if (sportSlugs.some((s) => WINTER.has(s))) {
    const startYear = today.slice(5) <= '04-15' ? year - 1 : year;
    return { from: `${startYear}-12-01`, to: `${startYear + 1}-04-15` };
  }
  const y = today.slice(5) <= '10-31' ? year : year + 1;
  return { from: `${y}-05-01`, to: `${y}-10-31` };
}

export async function seedCatalogue(tx: Tx, source: SeedSource, today: string): Promise<void> {
  const sportBySlug = new Map(source.categories.map((c) => [c.slug, c]));
  await tx.insert(sports).values(source.categories.map((c) => ({ id: c.id, slug: c.slug, name: c.name.it, names: c.name })));
  await tx.insert(sites).values(
    source.towns.map((town) => ({ id: town.id, slug: town.slug, label: town.label, region: town.region, lat: town.lat, lon: town.lon })),
  );
  const townBySlug = new Map(source.towns.map((town) => [town.slug, town]));

  for (const shop of source.shops) {
    const season = seasonOf(shop.sports, today);
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
          const mainPrices = await tx
            .insert(prices)
            .values(priceList(template.dailyRate).map((p) => ({ productId: product!.id, mainPrice: true, originalAmount: p.amount, ...p })))
            .returning();
          for (const { template: addOnTemplate, product: addOn } of addOns) {
            await tx.insert(relatedProducts).values({
              productId: product!.id,
              relatedProductId: addOn.id,
              recommended: addOnTemplate.recommended,
              hasDelivery: addOnTemplate.physical,
              hasPickup: addOnTemplate.physical,
            });
            // One add-on price per main price, same mode and tier: offered only with that price.
            const addOnList = priceList(addOnTemplate.dailyRate);
            await tx.insert(prices).values(
              mainPrices.map((main, i) => ({
                productId: addOn.id,
                idMainPrice: main.id,
                mainPrice: false,
                amount: addOnList[i]!.amount,
                originalAmount: addOnList[i]!.amount,
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
              size: null,
            })),
          );
        }
      }
    }
  }
}
