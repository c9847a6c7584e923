// The terminal simulator's failure switch is not reachable from web pages: /process
// and /health answer any origin (the kiosk page calls them from its own origin), /control has no
// CORS, so a page the kiosk shows cannot make the terminal fail or read its takings. Nor can it
// send the switches a simple request that needs no preflight (a `text/plain` fetch, a form): they
// take JSON only (415) and refuse any other origin (403), and nothing changes.
import { describe, expect, it } from 'vitest';
import { createPosApp } from '~server/pos/simulator';
import { PosStateSchema } from '~/api/contract/pos';
import { answer } from '../support/contract';

const SIMULATOR = 'http://127.0.0.1:4323';

const preflight = (path: string) =>
  createPosApp({ delayMs: 0 }).request(path, {
    method: 'OPTIONS',
    headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });

describe('terminal simulator CORS', () => {
  it('lets the kiosk page call /process and /health from another origin', async () => {
    expect((await preflight('/process')).headers.get('access-control-allow-origin')).toBe('*');
    const health = await createPosApp({ delayMs: 0 }).request('/health', { headers: { origin: 'https://kiosk.example' } });
    expect(health.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('gives /control no CORS headers', async () => {
    for (const path of ['/control', '/control/reset']) {
      expect((await preflight(path)).headers.get('access-control-allow-origin')).toBeNull();
    }
    const read = await createPosApp({ delayMs: 0 }).request('/control', { headers: { origin: 'https://evil.example' } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('terminal simulator switches', () => {
  /** A simulator with one payment taken, so a reset would show (its pending payments go). */
  async function withTakings() {
    const app = createPosApp({ delayMs: 0 });
    const paid = await app.request(`${SIMULATOR}/process`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://kiosk.example' },
      body: JSON.stringify({ operations: [10], payload: { amount: 12 } }),
    });
    expect(paid.status).toBe(200);
    const state = async () => answer(await app.request(`${SIMULATOR}/control`), PosStateSchema);
    expect(await state()).toMatchObject({ failure: null, pending_payments: 1 });
    return { app, state };
  }
  const post = (app: ReturnType<typeof createPosApp>, path: string, headers: Record<string, string>, body = JSON.stringify({ failure: 'declined' })) =>
    app.request(`${SIMULATOR}${path}`, { method: 'POST', headers, body });

  it('refuses a plain-text switch from a web page (the request a page may send without a preflight)', async () => {
    const { app, state } = await withTakings();
    for (const path of ['/control', '/control/reset']) {
      const res = await post(app, path, { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://evil.example' });
      expect([path, res.status]).toEqual([path, 403]);
    }
    expect(await state()).toMatchObject({ failure: null, pending_payments: 1 });
  });

  it('refuses a switch from another origin even as JSON, and one from the null origin', async () => {
    const { app, state } = await withTakings();
    for (const origin of ['https://evil.example', 'http://127.0.0.1:4324', 'null']) {
      for (const path of ['/control', '/control/reset']) {
        const res = await post(app, path, { 'content-type': 'application/json', origin });
        expect([origin, path, res.status]).toEqual([origin, path, 403]);
      }
    }
    expect(await state()).toMatchObject({ failure: null, pending_payments: 1 });
  });

  it('refuses a switch whose body is not declared JSON (415), whoever sends it', async () => {
    const { app, state } = await withTakings();
    const declared: Record<string, string>[] = [{}, { 'content-type': 'text/plain' }, { 'content-type': 'application/x-www-form-urlencoded' }, { 'content-type': 'application/jsonp' }];
    for (const headers of declared) {
      for (const path of ['/control', '/control/reset']) {
        const res = await post(app, path, headers);
        expect([headers, path, res.status]).toEqual([headers, path, 415]);
      }
    }
    expect(await state()).toMatchObject({ failure: null, pending_payments: 1 });
  });

  it('takes a JSON switch from a script (no Origin) or from its own origin', async () => {
    const { app, state } = await withTakings();
    const set = await post(app, '/control', { 'content-type': 'application/json; charset=utf-8' });
    expect(await answer(set, PosStateSchema)).toMatchObject({ failure: 'declined' });
    const reset = await post(app, '/control/reset', { 'content-type': 'application/json', origin: SIMULATOR }, '{}');
    expect(await answer(reset, PosStateSchema)).toMatchObject({ failure: null, pending_payments: 0 });
    expect(await state()).toMatchObject({ failure: null, pending_payments: 0 });
  });
});
