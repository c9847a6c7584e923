// Date fields shared by the shop/availabilities query (spec §7) and the order form.
import { DateModes, normalizeDates, rentDays, type DateMode } from './dates';

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
