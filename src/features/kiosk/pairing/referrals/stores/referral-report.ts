// The configuration page's "orders by referral" (admin kiosks): the period staff chose (this month
// in Rome until today, at first), the report the API answered for it, and why it has none (a period
// the API refused, under its field; no answer). The CSV is written from the rows on screen by the
// same rule as the API's export (src/domain/referrals.ts), so the download needs no second request.
import { atom } from 'nanostores';
import { ApiClientError } from '~/api/client';
import type { ReferralReport } from '~/api/contract/referrals';
import { fetchReferralReport } from '~/api/referrals';
import { todayInRome } from '~/domain/dates';
import { loadApi } from '~/stores/api-loader';

export interface ReferralReportState {
  state: 'idle' | 'loading' | 'ready' | 'error';
  from: string;
  to: string;
  report: ReferralReport | null;
  /** The API's messages by field (`from`, `to`) for a refused period. */
  errors: Record<string, string[]>;
}

const HTTP_UNPROCESSABLE = 422;

/** The first of this month in Rome until today. */
export function defaultPeriod(now: Date = new Date()): { from: string; to: string } {
  const today = todayInRome(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

export const $referralReport = atom<ReferralReportState>({ state: 'idle', ...defaultPeriod(), report: null, errors: {} });

/** Still the period on screen: a slow answer for a period staff have since changed is dropped. */
const stillAsked = (from: string, to: string) => $referralReport.get().from === from && $referralReport.get().to === to;

/** Reads the report of `from`–`to`; a refusal or no answer keeps no stale rows of another period. */
export async function loadReferralReport(from: string, to: string): Promise<void> {
  $referralReport.set({ state: 'loading', from, to, report: null, errors: {} });
  try {
    const report = await fetchReferralReport(await loadApi(), { from, to });
    if (stillAsked(from, to)) $referralReport.set({ state: 'ready', from, to, report, errors: {} });
  } catch (err) {
    const errors = err instanceof ApiClientError && err.status === HTTP_UNPROCESSABLE ? err.errors : {};
    if (stillAsked(from, to)) $referralReport.set({ state: 'error', from, to, report: null, errors });
  }
}
