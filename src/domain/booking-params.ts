// Date fields shared by the shop/availabilities query (spec §7) and the order form.
import { DateModes, isDay, normalizeDates, rentDays, type DateMode } from './dates';
import { FROM_PARAM, TO_PARAM } from './booking-entry';

export const flag = (value: boolean | null | undefined): '1' | '0' => (value ? '1' : '0');

export interface DateParams {
  from: string;
  /** Equal to `from` for a single date. */
  to: string;
  morning: '1' | '0';
  afternoon: '1' | '0';
  season: '1' | '0';
}

export function dateParams(mode: DateMode, dates: readonly (string | null | undefined)[]): DateParams {
  const [from = '', to = from] = normalizeDates(mode, dates);
  return {
    from,
    to,
    morning: flag(mode === DateModes.MORNING),
    afternoon: flag(mode === DateModes.AFTERNOON),
    season: flag(mode === DateModes.SEASONAL),
  };
}

/** Date fields as the contract reads them (flags parsed to booleans): the shop query and the order form. */
export interface DateFields {
  from?: string;
  to?: string;
  morning?: boolean;
  afternoon?: boolean;
  season?: boolean;
}

/**
 * The date mode and days that date fields name, the inverse of dateParams: the season flag wins;
 * two different days are a range, earlier first; one day is its morning, its afternoon or the
 * whole day. Null when no day is given outside a season. A half day over a range never gets here:
 * the contract refuses it (checkDateShape).
 */
export function dateModeOf(fields: DateFields): { mode: DateMode; dates: string[] } | null {
  if (fields.season) return { mode: DateModes.SEASONAL, dates: [] };
  const { from } = fields;
  if (!from) return null;
  const to = fields.to ?? from;
  if (to !== from) return { mode: DateModes.RANGE, dates: normalizeDates(DateModes.RANGE, [from, to]) };
  if (fields.morning && !fields.afternoon) return { mode: DateModes.MORNING, dates: [from] };
  if (fields.afternoon && !fields.morning) return { mode: DateModes.AFTERNOON, dates: [from] };
  return { mode: DateModes.SINGLE, dates: [from] };
}

/**
 * The days a URL's query carries (`?from=2026-12-20&to=2026-12-23`, `withDates`): a range, or a
 * whole day without `to`; null when `from` is missing or not a real day (a wrong `to` is dropped).
 */
export function datesFromSearch(search: string): { mode: DateMode; dates: string[] } | null {
  const params = new URLSearchParams(search);
  const from = params.get(FROM_PARAM);
  const to = params.get(TO_PARAM);
  if (!isDay(from)) return null;
  return dateModeOf({ from, to: isDay(to) ? to : from });
}

export interface ShopRequestInput {
  multipleDates: DateMode;
  dates: readonly (string | null | undefined)[];
  orderCodeToReplace?: string | null;
  fidelityCardNumber?: string | null;
}

/** Query of GET shop and availabilities: from, to, morning, afternoon, season, days, and the optional codes. */
export function shopRequestParams(input: ShopRequestInput): Record<string, string> {
  const params: Record<string, string> = {
    ...dateParams(input.multipleDates, input.dates),
    days: String(rentDays(input.multipleDates, input.dates)),
  };
  if (input.orderCodeToReplace) params.edit_order_code = input.orderCodeToReplace;
  if (input.fidelityCardNumber) params.fidelity_card_number = input.fidelityCardNumber;
  return params;
}
