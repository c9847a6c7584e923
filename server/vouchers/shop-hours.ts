// A shop's opening hours for the voucher, in the order's language. The API's shops table has no
// hours: they live in the committed shop table the site's pages and the seed read
// (seo-data/shops.json, or SEO_DATA_DIR's: seo-data/dir.ts), so the voucher says what the shop's page says. The prose text when the
// table has one (it tells seasons and exceptions), else the hours as data, written with the
// language's weekday names ("Mon–Sat 09:30–12:30, 15:00–19:00").
import { loadSeoFile, WEEKDAYS, type OpeningHours, type Shop } from '~seo-data/schema';
import type { Locale } from '~/i18n/index';

let table: Map<string, Shop> | undefined;

/** Read once, on the first voucher: the file ships with the server and never changes while it runs. */
function shopsBySlug(): Map<string, Shop> {
  if (!table) {
    const shops = loadSeoFile('shops.json');
    table = new Map(shops.map((s) => [s.slug, s]));
  }
  return table;
}

/** 2024-01-01 was a Monday: the weekday names of a locale, Monday first. */
function weekdayNames(locale: Locale): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  return WEEKDAYS.map((_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
}

/** "Mon–Sat", "Mon, Wed, Fri": a run of consecutive days as its ends. */
function daysText(days: OpeningHours['days'], names: string[]): string {
  const idx = days.map((d) => WEEKDAYS.indexOf(d)).sort((a, b) => a - b);
  const consecutive = idx.every((d, i) => i === 0 || d === idx[i - 1]! + 1);
  if (consecutive && idx.length > 2) return `${names[idx[0]!]}–${names[idx.at(-1)!]}`;
  return idx.map((d) => names[d]).join(', ');
}

/** The hours as data, spans of the same days together. */
export function formatHours(hours: OpeningHours[], locale: Locale): string {
  const names = weekdayNames(locale);
  const groups = new Map<string, string[]>();
  for (const span of hours) {
    const days = daysText(span.days, names);
    groups.set(days, [...(groups.get(days) ?? []), `${span.opens}–${span.closes}`]);
  }
  return [...groups].map(([days, spans]) => `${days} ${spans.join(', ')}`).join('; ');
}

/** The shop's hours in `locale`, or null for a shop the table does not know. */
export function shopHours(slug: string, locale: Locale): string | null {
  const shop = shopsBySlug().get(slug);
  if (!shop) return null;
  return shop.openingHours?.[locale] ?? formatHours(shop.hours, locale);
}
