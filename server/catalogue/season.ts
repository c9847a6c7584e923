// A shop's season on the server. The shops table holds the month-day window; this is
// the only reader of those columns, so the API's `season` (presenter), the season booking period
// (quote, availabilities, sizes) and the out-of-season refusal all agree on the same days.
import { currentOrNextSeason, type SeasonDays, type SeasonWindow } from '~/domain/season';
import type { ShopRow } from './cache';

/** The shop's month-day window ('MM-DD'..'MM-DD'; '01-01'..'12-31' for a shop open all year). */
export function seasonWindow(shop: { row: ShopRow }): SeasonWindow {
  return { from: shop.row.seasonFrom, to: shop.row.seasonTo };
}

/** The shop's season as days on `today` (Rome): the occurrence running, or else the next one. */
export function shopSeason(shop: { row: ShopRow }, today: string): SeasonDays {
  return currentOrNextSeason(seasonWindow(shop), today);
}
