// Shops near a town that rents a sport where no shop of the town does: a town×sport page then lists
// them by distance, and with none near enough it is a dead end that search engines must not index
// (src/seo/no-shop-pages.ts). Distances are great-circle ("as the crow flies") from the town's
// coordinates: roads are longer, so the cap stays modest.

/** How far a shop may be from a town (great-circle km) to be offered on the town's page. */
export const NEARBY_SHOP_MAX_KM = 45;

const EARTH_RADIUS_KM = 6371.0088;

export interface Place {
  lat: number;
  lon: number;
}

export interface RentingShop extends Place {
  slug: string;
  town: string;
  sports: readonly string[];
}

/** Great-circle distance between two points in km (haversine). */
export function greatCircleKm(a: Place, b: Place): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The shops of other towns that rent `sport` within NEARBY_SHOP_MAX_KM of `town`, nearest first
 * (ties by slug, so a rebuild lists them alike), with their distance in km.
 */
export function nearbyShops<S extends RentingShop>(
  town: Place & { slug: string },
  sport: string,
  shops: readonly S[],
): { shop: S; km: number }[] {
  return shops
    .filter((shop) => shop.town !== town.slug && shop.sports.includes(sport))
    .map((shop) => ({ shop, km: greatCircleKm(town, shop) }))
    .filter(({ km }) => km <= NEARBY_SHOP_MAX_KM)
    .sort((a, b) => a.km - b.km || a.shop.slug.localeCompare(b.shop.slug));
}

/** Whether a town×sport page has a shop to offer: one in the town, else one nearby. */
export function townSportHasShop(town: Place & { slug: string }, sport: string, shops: readonly RentingShop[]): boolean {
  return shops.some((s) => s.town === town.slug && s.sports.includes(sport)) || nearbyShops(town, sport, shops).length > 0;
}
