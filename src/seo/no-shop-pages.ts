// Town×sport pages (`/{sport}/{town}`) with no shop to offer, in the town or near it (domain
// `townSportHasShop`): a searcher landing there would find nothing to book, so they are noindex and
// out of the sitemap (src/seo/noindex.mjs). Read from the table's JSON directly (seo-data/dir.ts
// says which folder) because astro.config.mjs needs the list before Astro's content collections
// exist; the build validates the same files (src/content.config.ts).
import { loadSeoFile } from '~seo-data/schema';
import { townSportHasShop } from '../domain/nearby-shops';

const towns = loadSeoFile('towns.json');
const shops = loadSeoFile('shops.json');

/** Paths without locale prefix, e.g. "/sci/schia-monte-caio". */
export const noShopPaths: ReadonlySet<string> = new Set(
  towns.flatMap((town) => town.sports.filter((sport) => !townSportHasShop(town, sport, shops)).map((sport) => `/${sport}/${town.slug}`)),
);
