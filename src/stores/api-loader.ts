// The API client (./api.ts) loaded on first use, for the stores of screens whose first scripts must
// stay small: the app bar and the booking screens on every customer page, the kiosk's screens. The
// import() here cuts the client out of those pages' first bundles until a request is made
// (tests/site/script-budget.test.ts counts them).
import type { ApiClient } from '../api/client';

export async function loadApi(): Promise<ApiClient> {
  return (await import('./api')).api;
}
