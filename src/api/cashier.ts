// The cashier close's request: what the API recorded for the day the desk closes. With
// the close's own Idempotency-Key, reused for every retry, so a retry after a lost answer gets the
// first answer back instead of a second close (server/http/idempotency.ts).
import { IDEMPOTENCY_HEADER } from './contract/idempotency';
import { CloseCashierResponseSchema, type CloseCashierRequest } from './contract/staff';
import { CashierDayResponseSchema, type CashierDay } from './contract/desk-payments';
import { CASHIER_RECORD_TIMEOUT_MS } from '../domain/desk-payments';
import type { ApiClient } from './client';

/** POST v1/totem/close_cashier with the close's key; no answer in CASHIER_RECORD_TIMEOUT_MS is no answer. */
export async function recordCashierClose(api: ApiClient, body: CloseCashierRequest, key: string) {
  const answer = await api.post('v1/totem/close_cashier', {
    json: body,
    headers: { [IDEMPOTENCY_HEADER]: key },
    schema: CloseCashierResponseSchema,
    timeoutMs: CASHIER_RECORD_TIMEOUT_MS,
  });
  return answer.data;
}

/** GET v1/totem/cashier_day: what the desk took on `date`, by method, shown before the close. */
export async function fetchCashierDay(api: ApiClient, date: string): Promise<CashierDay> {
  return (await api.get('v1/totem/cashier_day', { query: { date }, schema: CashierDayResponseSchema, timeoutMs: CASHIER_RECORD_TIMEOUT_MS })).data;
}
