// Town×sport pages (`/{sport}/{town}`) with no shop to offer, in the town or near it (domain
// `townSportHasShop`): a searcher landing there would find nothing to book, so they are noindex and
// out of the sitemap (src/seo/noindex.mjs). Read from the committed JSON directly because
// astro.config.mjs needs the list before Astro's content collections exist; the build validates
// the same files (src/content.config.ts).
import towns from '../../seo-data/towns.json';
import shops from '../../seo-data/shops.json';
import { townSportHasShop } from '../domain/nearby-shops';

/** Paths without locale prefix, e.g. "/sci/schia-monte-caio". */
export const noShopPaths: ReadonlySet<string> = new Set(
  towns.flatMap((town) => town.sports.filter((sport) => !townSportHasShop(town, sport, shops)).map((sport) => `/${sport}/${town.slug}`)),
);
