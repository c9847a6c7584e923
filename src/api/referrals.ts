// An admin kiosk's referral report (server/routes/staff/referrals.ts). A refused period (422) comes
// back as ApiClientError without a notice: the store puts it under its field.
import { ReferralReportResponseSchema, type ReferralReportQuery } from './contract/referrals';
import type { ApiClient } from './client';

/** GET v1/totem/referrals: orders and totals per referral for a period of Rome days. */
export async function fetchReferralReport(api: ApiClient, period: ReferralReportQuery) {
  return (await api.get('v1/totem/referrals', { query: { from: period.from, to: period.to }, schema: ReferralReportResponseSchema, quiet: true })).data;
}
