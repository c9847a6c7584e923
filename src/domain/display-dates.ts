// Dates as the customer screens show them (spec §9): DD/MM/YYYY, "Oggi" for today and "Domani" for
// tomorrow (the date-time likewise, "Oggi, 14:30"), first letter capitalised. Today and tomorrow
// are Europe/Rome days whatever the device's zone, so an order at 00:30 Rome on 25/12 reads "Oggi"
// on the 25th even where it is still the 24th (UTC). The order page, the orders list, the dates
// chip and the checkout all go through displayDate; the labels come from i18n (`dates.today`,
// `dates.tomorrow`), so the rule is one and the words follow the page's language.
import { TZDate } from '@date-fns/tz';
import { addDays, format, isSameDay } from 'date-fns';
import { DATE_FORMAT, TIMEZONE } from './constants';
import { isDay, parseRomeDateTime } from './dates';
import { capitalize, type RelativeDayLabels } from './format';

export const TIME_FORMAT = 'HH:mm';

export interface DisplayDateOptions {
  /** The instant "today" is measured from (tests pin it). */
  now?: Date;
  /** Add the Rome time of day: "Oggi, 14:30". Ignored for a bare 'YYYY-MM-DD' day. */
  withTime?: boolean;
}

/** The Rome wall-clock reading of a bare day, or of an API date-time (zoned or Rome local). */
function romeInstant(value: string | Date): { at: TZDate; dayOnly: boolean } {
  if (typeof value === 'string' && isDay(value)) {
    const [y, m, d] = value.split('-').map(Number);
    const at = new TZDate(2000, 0, 1, TIMEZONE);
    // setFullYear, not the constructor: the constructor reads years 0–99 as 1900–1999.
    at.setFullYear(y!, m! - 1, d!);
    return { at, dayOnly: true };
  }
  return { at: new TZDate(parseRomeDateTime(value).getTime(), TIMEZONE), dayOnly: false };
}

/** "Oggi", "Domani" or DD/MM/YYYY (with ", HH:mm" when asked), first letter capitalised. */
export function displayDate(value: string | Date, labels: RelativeDayLabels, options: DisplayDateOptions = {}): string {
  const { at, dayOnly } = romeInstant(value);
  if (Number.isNaN(at.getTime())) throw new Error(`Invalid date "${String(value)}"`);
  const today = new TZDate((options.now ?? new Date()).getTime(), TIMEZONE);
  const day = isSameDay(at, today)
    ? labels.today
    : isSameDay(at, addDays(today, 1))
      ? labels.tomorrow
      : format(at, DATE_FORMAT);
  return capitalize(options.withTime && !dayOnly ? `${day}, ${format(at, TIME_FORMAT)}` : day);
}
