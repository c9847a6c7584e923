// Typed client of the booking API (spec §7, error catalogue §8). Framework-free: the stores give
// it the current language, token and what to do on errors (the page's client is made by the
// stores), so it can be unit-tested alone. The request modules beside it take a client.
import type * as z from 'zod/mini';
import { contentLanguage, type Locale } from '../domain/locales';
import type { I18nMessage, ShownMessage } from '../domain/messages';

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Field name → messages, for 422. */
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

/** What a screen says when no answer came: a key the page translates (the client translates nothing). */
export const NETWORK_ERROR: I18nMessage = { key: 'errors.network' };

/** No answer at all (network down, server unreachable); a cancelled request is not one. */
export class NetworkError extends Error {
  /** What to tell the person: always "no communication with the server"; `message` is what failed, for logs. */
  readonly shown: ShownMessage = NETWORK_ERROR;
  constructor(detail = 'no answer from the API') {
    super(detail);
    this.name = 'NetworkError';
  }
}

export interface ApiClientOptions {
  /** The API's base, or a function read on every request (a kiosk's own `server_url` can change). */
  baseUrl: string | (() => string);
  locale: () => Locale;
  /** The stored token with its `Bearer ` prefix, or null. */
  token: () => string | null;
  isLoggedIn: () => boolean;
  /** Called on a 401 while logged in, before the notice. */
  onUnauthorized: () => void | Promise<void>;
  /** The server's own message (a text in the request's language), or NETWORK_ERROR when no answer came. */
  notifyError: (message: ShownMessage) => void;
  fetch?: typeof fetch;
}

export interface RequestOptions<S extends z.ZodMiniType> {
  query?: Record<string, string | number | undefined | null>;
  json?: unknown;
  form?: FormData;
  schema?: S;
  signal?: AbortSignal;
  /** Statuses the caller handles itself: no notice is shown for them. */
  quiet?: boolean;
  /** The caller shows its own offline state (a retry loop): no notice when no answer comes. */
  quietOffline?: boolean;
  /** Extra request headers (e.g. `Idempotency-Key`); the client's own headers win on a clash. */
  headers?: Record<string, string>;
  /** This token instead of the session's: a logout sent after the local session is already gone. */
  token?: string;
  /** Let the request outlive the page (fetch keepalive): a logout followed at once by a navigation. */
  keepalive?: boolean;
  /**
   * Give up on an answer after this long: the request is aborted with a `TimeoutError` and fails
   * like no answer at all (NetworkError), so a screen waiting on a hung request moves on. The
   * caller's `signal` still cancels it (an AbortError, as without a timeout).
   */
  timeoutMs?: number;
  /** A 2xx answer's body as bytes (a PDF), not JSON; a refusal is still read as JSON. */
  binary?: boolean;
}

const SILENT_STATUSES = new Set([422, 410, 404]);

/**
 * The caller's signal combined with a deadline. A plain timer rather than AbortSignal.timeout, so
 * the deadline is cleared once the answer is in and fake timers drive it in the tests.
 */
function withTimeout(signal: AbortSignal | undefined, timeoutMs: number | undefined): { signal: AbortSignal | undefined; clear: () => void } {
  if (timeoutMs === undefined) return { signal, clear: () => undefined };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('No answer in time', 'TimeoutError')), timeoutMs);
  const forward = () => controller.abort(signal?.reason);
  if (signal?.aborted) forward();
  else signal?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    },
  };
}

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  function urlFor(path: string, query?: RequestOptions<z.ZodMiniType>['query']): URL {
    const baseUrl = typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl;
    const base = new URL(baseUrl.replace(/\/?$/, '/'), typeof location === 'undefined' ? 'http://localhost' : location.href);
    const url = new URL(path.replace(/^\//, ''), base);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
    return url;
  }

  async function request<S extends z.ZodMiniType = z.ZodMiniUnknown>(
    method: string,
    path: string,
    opts: RequestOptions<S> = {},
  ): Promise<z.infer<S>> {
    const url = urlFor(path, opts.query);
    const apiOrigin = urlFor('').origin;
    const headers: Record<string, string> = {
      ...opts.headers,
      Accept: 'application/json',
      'Content-Language': contentLanguage[options.locale()],
    };
    const token = opts.token ?? options.token();
    // The token goes only to the API's own origin, never to a URL that merely looks like one.
    if (token && url.origin === apiOrigin) headers.Authorization = token;
    let body: BodyInit | undefined;
    if (opts.form) body = opts.form;
    else if (opts.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.json);
    }
    const deadline = withTimeout(opts.signal, opts.timeoutMs);
    let response: Response;
    let text = '';
    let bytes: Blob | null = null;
    try {
      response = await doFetch(url, { method, headers, body, signal: deadline.signal, ...(opts.keepalive ? { keepalive: true } : {}) });
      // Inside the deadline too: an answer whose body never ends is no answer either.
      if (opts.binary && response.ok) bytes = await response.blob();
      else text = await response.text();
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      if (!opts.quietOffline) options.notifyError(NETWORK_ERROR);
      throw new NetworkError((err as Error).message);
    } finally {
      deadline.clear();
    }
    let payload: unknown = null;
    try {
      payload = text ? JSON.parse(text) : null;
    } catch {
      payload = null;
    }
    if (!response.ok) {
      const message = typeof (payload as { message?: unknown })?.message === 'string' ? (payload as { message: string }).message : '';
      const errors = ((payload as { errors?: Record<string, string[]> })?.errors ?? {}) as Record<string, string[]>;
      if (response.status === 401) {
        if (options.isLoggedIn()) {
          await options.onUnauthorized();
          if (message && !opts.quiet) options.notifyError(message);
        }
      } else if (!SILENT_STATUSES.has(response.status) && message && !opts.quiet) {
        options.notifyError(message);
      }
      throw new ApiClientError(response.status, message, errors);
    }
    if (bytes) return bytes as z.infer<S>;
    return (opts.schema ? opts.schema.parse(payload) : payload) as z.infer<S>;
  }

  return {
    request,
    get: <S extends z.ZodMiniType>(path: string, opts?: RequestOptions<S>) => request('GET', path, opts),
    post: <S extends z.ZodMiniType>(path: string, opts?: RequestOptions<S>) => request('POST', path, opts),
    patch: <S extends z.ZodMiniType>(path: string, opts?: RequestOptions<S>) => request('PATCH', path, opts),
    delete: <S extends z.ZodMiniType>(path: string, opts?: RequestOptions<S>) => request('DELETE', path, opts),
    /** A GET whose answer is a file (a PDF): its bytes, with the client's headers and token. */
    getBlob: (path: string, opts?: Omit<RequestOptions<z.ZodMiniUnknown>, 'schema' | 'binary'>): Promise<Blob> =>
      request('GET', path, { ...opts, binary: true }) as Promise<Blob>,
    urlFor,
  };
}

/** A client made by createApiClient: what every request function of src/api takes. */
export type ApiClient = ReturnType<typeof createApiClient>;
