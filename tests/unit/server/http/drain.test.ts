// The drain's bound and its refusals, without a process: a request that never ends does not hold
// the stop past the bound given, one that ends frees it at once, and once draining every new
// request answers 503 with Connection: close before any handler runs.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { Drain } from '~server/http/drain';

/** An app whose /hold answers only when `release` is called. */
function heldApp(drain: Drain) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let handled = 0;
  const app = new Hono();
  app.use('*', drain.middleware);
  app.get('/hold', async (c) => {
    handled++;
    await released;
    return c.text('done');
  });
  app.get('/quick', (c) => {
    handled++;
    return c.text('quick');
  });
  return { app, release, handled: () => handled };
}

describe('Drain', () => {
  it('ends the wait at its bound when a request never finishes', async () => {
    const drain = new Drain();
    const { app } = heldApp(drain);
    void app.request('/hold');
    expect(drain.requestsInFlight).toBe(1);
    expect(await drain.drain(30)).toBe(false);
    expect(drain.requestsInFlight).toBe(1);
  });

  it('lets the request in flight finish, then resolves at once', async () => {
    const drain = new Drain();
    const { app, release } = heldApp(drain);
    const held = app.request('/hold');
    const drained = drain.drain(60_000);
    release();
    expect(await drained).toBe(true);
    expect(await (await held).text()).toBe('done');
  });

  it('refuses new requests while draining, before any handler runs', async () => {
    const drain = new Drain();
    const { app, handled } = heldApp(drain);
    expect(await drain.drain()).toBe(true);
    const res = await app.request('/quick', { headers: { 'content-language': 'en' } });
    expect(res.status).toBe(503);
    expect(res.headers.get('connection')).toBe('close');
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await res.json()) as { message: string }).message).toMatch(/restarting/);
    expect(handled()).toBe(0);
  });
});
