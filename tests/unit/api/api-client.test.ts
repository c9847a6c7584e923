import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiClientError, NETWORK_ERROR, NetworkError, createApiClient, type ApiClientOptions } from '~/api/client';
import type { ShownMessage } from '~/domain/messages';

function setup(overrides: Partial<ApiClientOptions> = {}, respond: (url: URL, init: RequestInit) => Response | Promise<Response> = () => Response.json({ data: 1 })) {
  const calls: { url: URL; init: RequestInit }[] = [];
  const notices: ShownMessage[] = [];
  const onUnauthorized = vi.fn();
  let loggedIn = true;
  const client = createApiClient({
    baseUrl: 'https://api.example.com/api',
    locale: () => 'fr',
    token: () => 'Bearer secret-token',
    isLoggedIn: () => loggedIn,
    onUnauthorized: () => {
      onUnauthorized();
      loggedIn = false;
    },
    notifyError: (m) => notices.push(m),
    fetch: (async (input: URL, init: RequestInit) => {
      calls.push({ url: input, init });
      return respond(input, init);
    }) as unknown as typeof fetch,
    ...overrides,
  });
  return { client, calls, notices, onUnauthorized, setLoggedIn: (v: boolean) => (loggedIn = v) };
}

const headerOf = (init: RequestInit, name: string) => (init.headers as Record<string, string>)[name];

describe('API client requests', () => {
  it('sends Accept, the Content-Language of the page and the Bearer token to the API', async () => {
    const { client, calls } = setup();
    await client.get('v1/user', { query: { from: '2026-12-24', empty: '', none: undefined } });
    expect(calls[0]!.url.href).toBe('https://api.example.com/api/v1/user?from=2026-12-24');
    expect(headerOf(calls[0]!.init, 'Accept')).toBe('application/json');
    expect(headerOf(calls[0]!.init, 'Content-Language')).toBe('fr_FR');
    expect(headerOf(calls[0]!.init, 'Authorization')).toBe('Bearer secret-token');
    // A caller's extra header goes along; it cannot replace the client's own.
    await client.post('v1/delivery', { headers: { 'Idempotency-Key': 'k-123456789', Authorization: 'Bearer forged' } });
    expect(headerOf(calls[1]!.init, 'Idempotency-Key')).toBe('k-123456789');
    expect(headerOf(calls[1]!.init, 'Authorization')).toBe('Bearer secret-token');
  });

  it.each([['en', 'en_GB'], ['it', 'it_IT']] as const)('Content-Language for %s is %s', async (locale, header) => {
    const { client, calls } = setup({ locale: () => locale });
    await client.get('v1/sports');
    expect(headerOf(calls[0]!.init, 'Content-Language')).toBe(header);
  });

  it('never sends the token to another origin', async () => {
    const { client, calls } = setup();
    await client.get('https://evil.example.net/steal');
    expect(calls[0]!.url.origin).toBe('https://evil.example.net');
    expect(headerOf(calls[0]!.init, 'Authorization')).toBeUndefined();
  });

  it('sends JSON and multipart bodies', async () => {
    const { client, calls } = setup();
    await client.post('v1/login', { json: { username: 'a', password: 'b' } });
    expect(headerOf(calls[0]!.init, 'Content-Type')).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"username":"a","password":"b"}');
    const form = new FormData();
    form.set('from', '2026-12-24');
    await client.post('v1/shops/1/orders', { form });
    expect(calls[1]!.init.body).toBe(form);
    expect(headerOf(calls[1]!.init, 'Content-Type')).toBeUndefined();
  });

  it('parses responses with the contract schema', async () => {
    const { client } = setup({}, () => Response.json({ data: { token: 'abc' } }));
    await expect(client.post('v1/login', { schema: z.object({ data: z.object({ token: z.string() }) }) })).resolves.toEqual({ data: { token: 'abc' } });
    const bad = setup({}, () => Response.json({ data: { token: 42 } }));
    await expect(bad.client.post('v1/login', { schema: z.object({ data: z.object({ token: z.string() }) }) })).rejects.toThrow();
  });
});

describe('API client error catalogue (spec §8)', () => {
  it('422: field errors for the form, no notice', async () => {
    const { client, notices } = setup({}, () => Response.json({ message: 'Dati non validi', errors: { password: ['Password errata'] } }, { status: 422 }));
    const error = await client.post('v1/login').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ status: 422, message: 'Dati non validi', errors: { password: ['Password errata'] } });
    expect(notices).toEqual([]);
  });

  it.each([410, 404])('%s: no notice, left to the caller', async (status) => {
    const { client, notices } = setup({}, () => Response.json({ message: 'x' }, { status }));
    await expect(client.get('v1/orders/1')).rejects.toMatchObject({ status });
    expect(notices).toEqual([]);
  });

  it('401 while logged in: logout, then the server message as an error notice', async () => {
    const { client, notices, onUnauthorized } = setup({}, () => Response.json({ message: 'Sessione scaduta' }, { status: 401 }));
    await expect(client.get('v1/user')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(notices).toEqual(['Sessione scaduta']);
  });

  it('401 while logged out: nothing to log out, no notice', async () => {
    const { client, notices, onUnauthorized, setLoggedIn } = setup({}, () => Response.json({ message: 'x' }, { status: 401 }));
    setLoggedIn(false);
    await expect(client.get('v1/user')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(notices).toEqual([]);
  });

  it('other statuses: the server message when there is one', async () => {
    const withMessage = setup({}, () => Response.json({ message: 'Troppi tentativi' }, { status: 429 }));
    await expect(withMessage.client.get('v1/x')).rejects.toMatchObject({ status: 429 });
    expect(withMessage.notices).toEqual(['Troppi tentativi']);
    const without = setup({}, () => new Response('<html>oops</html>', { status: 502 }));
    await expect(without.client.get('v1/x')).rejects.toMatchObject({ status: 502 });
    expect(without.notices).toEqual([]);
  });

  it('no response at all: the key of "Errore nella comunicazione con il server" (the snackbar translates it)', async () => {
    const { client, notices } = setup({}, () => {
      throw new TypeError('fetch failed');
    });
    await expect(client.get('v1/sports')).rejects.toBeInstanceOf(NetworkError);
    expect(notices).toEqual([NETWORK_ERROR]);
    // A caller with its own offline state (the cash desk's retry loop) gets the error, no notice.
    await expect(client.post('v1/orders/1/pay', { quietOffline: true })).rejects.toMatchObject({ shown: { key: 'errors.network' } });
    expect(notices).toHaveLength(1);
  });

  it('a cancelled request is not a communication error', async () => {
    const { client, notices } = setup({}, () => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(client.get('v1/sports')).rejects.toMatchObject({ name: 'AbortError' });
    expect(notices).toEqual([]);
  });
});

/** A fetch that never answers, as on a half-open Wi-Fi; it rejects with the signal's reason once aborted, as fetch does. */
function hanging(_url: URL, init: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    const signal = init.signal;
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

describe('API client timeout (timeoutMs)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives up on a request that never answers after timeoutMs: no answer, like the network down', async () => {
    vi.useFakeTimers();
    const { client, notices, calls } = setup({}, hanging);
    const settled = vi.fn();
    const read = client.get('v1/totem/board', { timeoutMs: 5000, quietOffline: true }).catch((err: unknown) => {
      settled();
      throw err;
    });
    read.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls).toHaveLength(1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(read).rejects.toBeInstanceOf(NetworkError);
    expect(notices).toEqual([]); // quietOffline: the caller shows its own offline state
    // Without quietOffline the usual notice.
    const loud = client.get('v1/sports', { timeoutMs: 10 });
    loud.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(10);
    await expect(loud).rejects.toBeInstanceOf(NetworkError);
    expect(notices).toEqual([NETWORK_ERROR]);
  });

  it("also gives up on an answer whose body never ends", async () => {
    vi.useFakeTimers();
    const { client } = setup({}, (_url, init) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"data":'));
          init.signal?.addEventListener('abort', () => controller.error(init.signal!.reason), { once: true });
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'application/json' } });
    });
    const read = client.get('v1/totem/board', { timeoutMs: 100, quietOffline: true });
    read.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(100);
    await expect(read).rejects.toBeInstanceOf(NetworkError);
  });

  it("still lets the caller's signal cancel it (an AbortError, no notice), and an answer in time clears the deadline", async () => {
    vi.useFakeTimers();
    const { client, notices, calls } = setup({}, hanging);
    const controller = new AbortController();
    const read = client.get('v1/specific_products/A1', { timeoutMs: 5000, signal: controller.signal });
    read.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls[0]!.init.signal).not.toBe(controller.signal); // combined with the deadline
    expect(notices).toEqual([]);
    const answered = setup();
    await expect(answered.client.get('v1/sports', { timeoutMs: 5000 })).resolves.toEqual({ data: 1 });
    expect(vi.getTimerCount()).toBe(0);
  });
});
