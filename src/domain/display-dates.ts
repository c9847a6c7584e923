// Dates as the customer screens show them (spec §9): DD/MM/YYYY, "Oggi" for today and "Domani" for
// tomorrow (the date-time likewise, "Oggi, 14:30"), first letter capitalised. Today and tomorrow
// are Europe/Rome days whatever the device's zone, so an order at 00:30 Rome on 25/12 reads "Oggi"
// on the 25th even where it is still the 24th (UTC). The order page, the orders list, the dates
// chip and the checkout all go through displayDate; the labels come from i18n (`dates.today`,
// `dates.tomorrow`), so the rule is one and the words follow the page's language.
import { TZDate } from '@date-fns/tz';
import { TIMEZONE } from './constants';
import { addDays, dayToDisplay, isDay, parseRomeDateTime, toRomeDay } from './dates';
import { capitalize, type RelativeDayLabels } from './format';

// The days are compared as Rome 'YYYY-MM-DD' strings (src/domain/dates.ts, Intl) and written by
// dayToDisplay; date-fns' `format` is not used here: with its locale tables it was 5.9 KB gzip on
// every booking screen (issue #18), for a fixed DD/MM/YYYY and HH:mm. @date-fns/tz still gives the
// Rome wall clock of an instant.

export interface DisplayDateOptions {
  /** The instant "today" is measured from (tests pin it). */
  now?: Date;
  /** Add the Rome time of day: "Oggi, 14:30". Ignored for a bare 'YYYY-MM-DD' day. */
  withTime?: boolean;
}

/** HH:mm of an instant on the Rome wall clock. */
function romeTime(at: Date): string {
  const rome = new TZDate(at.getTime(), TIMEZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(rome.getHours())}:${pad(rome.getMinutes())}`;
}

/** "Oggi", "Domani" or DD/MM/YYYY (with ", HH:mm" when asked), first letter capitalised. */
export function displayDate(value: string | Date, labels: RelativeDayLabels, options: DisplayDateOptions = {}): string {
  const dayOnly = typeof value === 'string' && isDay(value);
  const at = dayOnly ? null : parseRomeDateTime(value);
  if (at && Number.isNaN(at.getTime())) throw new Error(`Invalid date "${String(value)}"`);
  const day = at ? toRomeDay(at) : (value as string);
  const today = toRomeDay(options.now ?? new Date());
  const shown = day === today ? labels.today : day === addDays(today, 1) ? labels.tomorrow : dayToDisplay(day);
  return capitalize(options.withTime && at ? `${shown}, ${romeTime(at)}` : shown);
}
