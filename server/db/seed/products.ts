// What each shop rents for each sport it serves: categories, products, stock and explicit price
// lists, read from the committed catalogue (seo-data/catalogue.json, validated by its zod schema)
// that the static build reads too, so the seeded prices are the prices the static pages show.
import { loadCatalogue, priceRows, type AddOn, type CatalogueCategory, type CatalogueProduct, type PriceRow } from '~seo-data/catalogue';

export type ProductTemplate = CatalogueProduct;
export type CategoryTemplate = CatalogueCategory;
export type AddOnTemplate = AddOn;

const catalogue = loadCatalogue();

export const sportCatalogue: Record<string, CategoryTemplate[]> = catalogue.sports as Record<string, CategoryTemplate[]>;

/** Add-ons every shop offers with its main products. */
export const addOnTemplates: readonly AddOnTemplate[] = catalogue.addOns;

/** The price rows of a product or add-on: day tiers, then morning, afternoon and season when offered. */
export function priceList(template: Pick<ProductTemplate, 'prices'>): PriceRow[] {
  return priceRows(template.prices);
}
