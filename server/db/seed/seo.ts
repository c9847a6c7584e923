// The seed reads sites, shops and trails from the committed SEO table, so pages and API agree.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  CategoriesFileSchema,
  ShopsFileSchema,
  TownsFileSchema,
  TrailsFileSchema,
  type Category,
  type Shop,
  type Town,
  type Trail,
} from '../../../seo-data/schema';

const read = (name: string): unknown =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../seo-data/${name}`, import.meta.url)), 'utf8'));

export interface SeedSource {
  categories: Category[];
  towns: Town[];
  shops: Shop[];
  trails: Trail[];
}

export function readSeedSource(): SeedSource {
  return {
    categories: CategoriesFileSchema.parse(read('categories.json')),
    towns: TownsFileSchema.parse(read('towns.json')),
    shops: ShopsFileSchema.parse(read('shops.json')),
    trails: TrailsFileSchema.parse(read('trails.json')),
  };
}

export const trailsDir = fileURLToPath(new URL('../../../seo-data/trails/', import.meta.url));
