// The home page's search: a town typed (or picked from the suggestions), a sport, optional days.
// Where it leads is decided at build time for every town and sport (`searchTargets`), so the
// page's script only matches the town and adds the days (`withDates`): the shop's calendar when
// one shop of the town rents the sport (it goes on to the booking page on those days), else the
// town×sport page (several shops, or the nearest ones), else the town's page.
import { bookingEntryPath } from './booking-entry';

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
