// The kiosk outbox's requests: a queued confirmation sent with its own
// Idempotency-Key (its path and body were made by src/api/delivery.ts `confirmations`), and the
// API's health, asked while it could not be reached. Both quiet: the kiosk's banner tells an outage
// once, and the outbox says what the API refused.
import { IDEMPOTENCY_HEADER } from './contract/idempotency';
import type { ApiClient } from './client';

/** POST `path` with the confirmation's key: the API answers a retry with the first answer. */
export async function postConfirmation(api: ApiClient, path: string, body: unknown, key: string, signal: AbortSignal): Promise<unknown> {
  return api.post(path, { json: body, headers: { [IDEMPOTENCY_HEADER]: key }, quiet: true, quietOffline: true, signal });
}

/** GET health: resolves when the API answers it; another status rejects with its ApiClientError, no answer with NetworkError. */
export async function checkHealth(api: ApiClient, signal: AbortSignal): Promise<void> {
  await api.get('health', { quiet: true, quietOffline: true, signal });
}
