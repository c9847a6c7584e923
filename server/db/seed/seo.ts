// The seed reads sites, shops and trails from the SEO table (seo-data/, or SEO_DATA_DIR:
// seo-data/dir.ts), so pages and API agree.
import path from 'node:path';
import { seoDataDir } from '~seo-data/dir';
import { loadSeoFile, type Category, type Shop, type Town, type Trail } from '~seo-data/schema';

export interface SeedSource {
  categories: Category[];
  towns: Town[];
  shops: Shop[];
  trails: Trail[];
}

export function readSeedSource(): SeedSource {
  return {
    categories: loadSeoFile('categories.json'),
    towns: loadSeoFile('towns.json'),
    shops: loadSeoFile('shops.json'),
    trails: loadSeoFile('trails.json'),
  };
}

/** The GPX files of the table's trails. */
export const trailsDir = (): string => path.join(seoDataDir(), 'trails');
