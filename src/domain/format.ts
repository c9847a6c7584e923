// Display formats of spec §9 (Italian by default). Days ('YYYY-MM-DD') are formatted by
// rearranging the string, instants in Europe/Rome, so output never depends on the device zone.
import { dateTimeLabel, type RelativeDayLabels } from './dates';
import { roundTo } from './money';

/**
 * Intl puts a no-break space between amount and symbol (U+00A0 in today's ICU, U+202F in some
 * locales and versions). We always emit U+00A0: the amount and "€" never wrap apart, and the
 * output is the same on every engine. Units of formatKm/formatMetres use the same space.
 */
const NBSP = '\u00a0';
const SPACES = /[\s\u00a0\u202f]/g;

// Formatters are costly to build and these run in list renders: one per locale and style.
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Euros in the Italian locale: 1234.5 → "1.234,50 €" (with U+00A0, see NBSP). */
export function formatCurrency(amount: number, locale = 'it-IT'): string {
  // Italian CLDR skips grouping below 10 000 ("1234,50"); the spec wants "1.234,50".
  const formatter = numberFormat(locale, { style: 'currency', currency: 'EUR', useGrouping: 'always' });
  return formatter.format(roundTo(amount, 2)).replace(SPACES, NBSP);
}

/**
 * An amount in euro where there is no room for the currency (a calendar day on a phone; the
 * legend says the unit): cents only when there are some. 38 → "38", 503.5 → "503,50".
 */
export function formatAmountCompact(amount: number, locale = 'it-IT'): string {
  const rounded = roundTo(amount, 2);
  const digits = Number.isInteger(rounded) ? 0 : 2;
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: 'always' }).format(rounded);
}

/** Up to `maxDigits` decimals, Italian separators: formatDecimal(1234.567, 2) → "1.234,57". */
export function formatDecimal(n: number, maxDigits = 2, locale = 'it-IT'): string {
  return numberFormat(locale, { maximumFractionDigits: maxDigits, useGrouping: 'always' }).format(roundTo(n, maxDigits));
}

/** Metres as kilometres, up to 2 decimals: 12345 → "12,35 km". */
export function formatKm(metres: number, locale = 'it-IT'): string {
  return `${formatDecimal(metres / 1000, 2, locale)}${NBSP}km`;
}

/**
 * Whole metres: 1234.567 → "1.235 m". Elevation read from a GPS track is good to a few metres at
 * best, so "628,5 m" claimed a precision the file does not have.
 */
export function formatMetres(metres: number, locale = 'it-IT'): string {
  return `${formatDecimal(metres, 0, locale)}${NBSP}m`;
}

/** The kiosk's day words when a caller gives none (its screens pass the page's `dates.*`). */
export const ITALIAN_DAY_LABELS: RelativeDayLabels = { today: 'Oggi', tomorrow: 'Domani' };

/**
 * The kiosk's date-time: "Oggi HH:mm", "Domani HH:mm", else "DD/MM/YYYY HH:mm", in Rome time.
 * The day and the time are dayLabel's and romeTime's (src/domain/dates.ts), as on the customer
 * screens; only the separator is the kiosk's ('kiosk' style, without the comma).
 */
export function formatDateTime(
  date: string | Date,
  now: Date = new Date(),
  labels: RelativeDayLabels = ITALIAN_DAY_LABELS,
): string {
  return dateTimeLabel(date, labels, 'kiosk', now);
}

/** First letter upper-case, the rest untouched. */
export function capitalize(s: string | null | undefined): string {
  if (!s) return '';
  return s.charAt(0).toLocaleUpperCase('it-IT') + s.slice(1);
}
