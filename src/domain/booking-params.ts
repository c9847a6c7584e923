// Date fields shared by the shop/availabilities query (spec §7) and the order form.
import { normalizeDates, rentDays, type DateMode } from './dates';

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
  return { from, to, morning: flag(mode === 0), afternoon: flag(mode === 1), season: flag(mode === 20) };
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
