// Dates as the customer screens show them (spec §9): DD/MM/YYYY, "Oggi" for today and "Domani" for
// tomorrow (the date-time likewise, "Oggi, 14:30"), first letter capitalised. Today and tomorrow
// are Europe/Rome days whatever the device's zone, so an order at 00:30 Rome on 25/12 reads "Oggi"
// on the 25th even where it is still the 24th (UTC). The order page, the orders list, the dates
// chip and the checkout all go through displayDate; the labels come from i18n (`dates.today`,
// `dates.tomorrow`), so the rule is one and the words follow the page's language.
import { dateTimeLabel, dayLabel, isDay, type RelativeDayLabels } from './dates';
import { capitalize } from './format';

// Which day is "today" (dayLabel) and the time of day (romeTime) are decided in src/domain/dates.ts,
// for these screens and the kiosk's alike; here only the customer screens' style: their separator
// (dateTimeLabel's 'customer') and the capital first letter. Days are compared as Rome
// 'YYYY-MM-DD' strings and written by dayToDisplay; date-fns' `format` is not used: with its locale
// tables it was 5.9 KB gzip on every booking screen, for a fixed DD/MM/YYYY and HH:mm.

export interface DisplayDateOptions {
  /** The instant "today" is measured from (tests pin it). */
  now?: Date;
  /** Add the Rome time of day: "Oggi, 14:30". Ignored for a bare 'YYYY-MM-DD' day. */
  withTime?: boolean;
}

/** "Oggi", "Domani" or DD/MM/YYYY (with ", HH:mm" when asked), first letter capitalised. */
export function displayDate(value: string | Date, labels: RelativeDayLabels, options: DisplayDateOptions = {}): string {
  const now = options.now ?? new Date();
  const withTime = options.withTime && !(typeof value === 'string' && isDay(value));
  return capitalize(withTime ? dateTimeLabel(value, labels, 'customer', now) : dayLabel(value, labels, now));
}
