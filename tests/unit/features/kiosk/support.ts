// The set-up shared by the unit tests of the kiosk's stores (cash desk, delivery and pickup, outbox,
// inventory, the desk's order reads): the stores act as a paired kiosk, and their `fetch` reaches
// the in-process test API (tests/support/app.ts) and, on a cash desk, the real terminal simulator.
// Each test file used to repeat both; here they are written once, so a file's beforeEach shows only
// what is its own: what it records, and where it cuts, holds or answers the line itself.
import { afterAll, beforeAll, vi } from 'vitest';
import type { TotemType } from '~/api/contract/kiosk';
import { $configuration } from '~/stores/configuration';
import { $kioskDevice } from '~/stores/kiosk-device';
import { createTestApi, type TestApi } from '~tests/support/app';
import { testDrivers } from '~tests/support/databases';
import { pair, totemOf } from '~tests/support/staff';

/**
 * Makes the stores a paired kiosk: totem `code` of `type` (with the terminal at `pos`, if any) whose
 * API client sends `Bearer <token>`. Documents are optional, as on the shops' totems.
 */
export function actAsKiosk(totem: { type: TotemType; code: string; pos?: string | null }, token: string): void {
  $configuration.set({
    ...$configuration.get(),
    totem: { type: totem.type, code: totem.code, pos: totem.pos ?? null, data_security_user_optional: true, server_url: null },
  });
  $kioskDevice.set({ token: `Bearer ${token}`, shop: null, realtime: null, fakePos: false });
}

/**
 * Opens the test API (PGlite) once for the file, with the demo totem `code` paired, and disposes of
 * it after the file's tests: `ready` is handed the API and the totem's token (without `Bearer`).
 */
export function pairedForTheFile(code: string, ready: (kiosk: { api: TestApi; token: string }) => void): void {
  let api: TestApi | undefined;
  beforeAll(async () => {
    api = await createTestApi(testDrivers[0]!);
    ready({ api, token: await pair(api, totemOf(code).pairingCode) });
  }, 120_000);
  afterAll(() => api?.dispose());
}

/** A request of the stores to the API, before the API sees it. */
interface ApiRequest {
  /** `init.method`, or GET when the request gave none. */
  method: string;
  path: string;
  url: URL;
  init: RequestInit;
}

interface Routes {
  /** The terminal simulator's address: requests to its origin go to the real network. */
  terminalUrl?: string;
  /** Sees each `/process` request to the terminal (a charge, a receipt, a close): its operations. */
  onTerminal?: (operations: number[]) => void;
  /**
   * Runs first for each API request: it may record it, wait (a slow line), throw (an outage: a
   * TypeError as fetch's), or answer it itself with a Response (then the API never sees it).
   */
  before?: (request: ApiRequest) => Response | void | Promise<Response | void>;
  /** Runs once the API answered: throwing here loses the answer although the API did the work. */
  after?: (answered: { method: string; path: string; answer: Response }) => void;
}

/** Stubs the global `fetch` (undone by `vi.unstubAllGlobals()`): the stores' requests reach `api`. */
export function routeFetchToApi(api: TestApi, routes: Routes = {}): void {
  const realFetch = globalThis.fetch;
  const terminal = routes.terminalUrl ? new URL(routes.terminalUrl).origin : null;
  vi.stubGlobal('fetch', async (input: URL | string, init: RequestInit = {}) => {
    const url = new URL(String(input));
    if (url.origin === terminal) {
      if (url.pathname === '/process') routes.onTerminal?.((JSON.parse(String(init.body)) as { operations: number[] }).operations);
      return realFetch(input, init);
    }
    const method = init.method ?? 'GET';
    const own = await routes.before?.({ method, path: url.pathname, url, init });
    if (own) return own;
    const answer = await api.request(`${url.pathname}${url.search}`, { method: init.method, headers: init.headers, body: init.body });
    routes.after?.({ method, path: url.pathname, answer });
    return answer;
  });
}
