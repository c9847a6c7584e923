// The app's real API client (src/api/client.ts) for the unit tests of the requests in src/api and of
// the stores that are given a client: over a fake fetch that records each request and lets the test
// answer it, or over a fetch that reaches the in-process test API (tests/support/app.ts). The tests
// used to build the client themselves, each with the same options; what differs between them (the
// language, the token, what is answered) is what they pass here.
import { createApiClient, type ApiClient } from '~/api/client';
import type { Locale } from '~/domain/locales';
import type { ShownMessage } from '~/domain/messages';
import type { TestApi } from './app';

/** One request as the fake fetch saw it. */
export interface FetchCall {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** A JSON body parsed; a form (or no body) as it was given to fetch. */
  body: unknown;
  init: RequestInit;
}

interface FakeFetchOptions {
  /** The page's language; Italian unless said. */
  locale?: Locale;
  /** The stored token with its `Bearer ` prefix, or null for a guest. */
  token: () => string | null;
  /** Whether the page counts as logged in: by default, when there is a token. */
  isLoggedIn?: () => boolean;
  /** Where each request is recorded, in order (the test empties it). */
  calls: FetchCall[];
  /** Where the notices the client raises are kept; without it they are dropped. */
  notices?: ShownMessage[];
  /** The answer to a request: a Response, or a throw for no answer at all. */
  answer: (call: FetchCall) => Response | Promise<Response>;
}

/** A client of https://shop.example.com/api whose fetch never leaves the test. */
export function fakeFetchClient(options: FakeFetchOptions): ApiClient {
  return createApiClient({
    baseUrl: 'https://shop.example.com/api',
    locale: () => options.locale ?? 'it',
    token: options.token,
    isLoggedIn: options.isLoggedIn ?? (() => options.token() !== null),
    onUnauthorized: () => undefined,
    notifyError: (message) => void options.notices?.push(message),
    fetch: (async (url: URL, init: RequestInit) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? undefined);
      const call: FetchCall = { method: init.method!, url, headers: init.headers as Record<string, string>, body, init };
      options.calls.push(call);
      return options.answer(call);
    }) as unknown as typeof fetch,
  });
}

/** What a store test shares with its mocked client: the test API, once opened, and who is logged in. */
export interface ServerLine {
  api: TestApi | null;
  /** The session's token (without `Bearer`); no token is a guest. */
  token?: string | null;
  /** When given, each request is recorded here as `METHOD /path`. */
  requests?: string[];
}

/** A client of the test API in English, as `~/stores/api` is for the stores under test. */
export function testApiClient(server: ServerLine): ApiClient {
  return createApiClient({
    baseUrl: 'http://localhost/api',
    locale: () => 'en',
    token: () => (server.token ? `Bearer ${server.token}` : null),
    isLoggedIn: () => !!server.token,
    onUnauthorized: () => undefined,
    notifyError: () => undefined,
    fetch: ((url: URL, init: RequestInit) => {
      server.requests?.push(`${init.method ?? 'GET'} ${url.pathname}`);
      return server.api!.request(url.pathname + url.search, init);
    }) as unknown as typeof fetch,
  });
}
