// The seed reads sites, shops and trails from the SEO table (seo-data/, or SEO_DATA_DIR:
// seo-data/dir.ts), so pages and API agree.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { seoDataDir } from '../../../seo-data/dir';
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

const read = (name: string): unknown => JSON.parse(readFileSync(path.join(seoDataDir(), name), 'utf8'));

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

/** The GPX files of the table's trails. */
export const trailsDir = (): string => path.join(seoDataDir(), 'trails');
