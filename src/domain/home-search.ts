// The home page's search: a town typed (or picked from the suggestions), a sport, optional days.
// Where it leads is decided at build time for every town and sport (`searchTargets`), so the
// page's script only matches the town and adds the days (`withDates`): the shop's calendar when
// one shop of the town rents the sport (it goes on to the booking page on those days), else the
// town×sport page (several shops, or the nearest ones), else the town's page.
import { bookingEntryPath } from './booking-entry';
import { greatCircleKm, type Place } from './nearby-shops';

export interface SearchTown {
  slug: string;
  label: string;
  sports: readonly string[];
}

export interface SearchShop {
  slug: string;
  town: string;
  sports: readonly string[];
}

/** Town slug → sport slug → path without locale prefix. */
export type SearchTargets = Record<string, Record<string, string>>;

export function searchTarget(town: SearchTown, sport: string, shops: readonly SearchShop[]): string {
  const here = shops.filter((s) => s.town === town.slug && s.sports.includes(sport));
  if (here.length === 1) return bookingEntryPath(here[0]!.slug, sport);
  if (here.length > 1 || town.sports.includes(sport)) return `/${sport}/${town.slug}/`;
  return `/noleggi/${town.slug}/`;
}

export function searchTargets(towns: readonly SearchTown[], sports: readonly string[], shops: readonly SearchShop[]): SearchTargets {
  return Object.fromEntries(towns.map((town) => [town.slug, Object.fromEntries(sports.map((sport) => [sport, searchTarget(town, sport, shops)]))]));
}

/** A town name as typed, for matching: case, accents, punctuation and spacing do not count. */
export const townKey = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The town a typed text names (its label or slug, loosely), or null. */
export function matchTown<T extends Pick<SearchTown, 'slug' | 'label'>>(typed: string, towns: readonly T[]): T | null {
  const key = townKey(typed);
  if (!key) return null;
  return towns.find((t) => townKey(t.label) === key || townKey(t.slug) === key) ?? null;
}

/**
 * How far the visitor may be from a town for "near me" to pick it (great-circle km): beyond it the
 * visitor is not in the network's area, and the nearest town would be a guess they did not ask for.
 */
export const NEAR_ME_MAX_KM = 80;

/** The town nearest to where the visitor is (the device's position), within NEAR_ME_MAX_KM, or null. */
export function nearestTown<T extends Place>(here: Place, towns: readonly T[]): T | null {
  let best: { town: T; km: number } | null = null;
  for (const town of towns) {
    const km = greatCircleKm(here, town);
    if (km <= NEAR_ME_MAX_KM && (best === null || km < best.km)) best = { town, km };
  }
  return best?.town ?? null;
}
