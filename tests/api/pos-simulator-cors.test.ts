// The terminal simulator's failure switch is not reachable from web pages (issue #11): /process
// and /health answer any origin (the kiosk page calls them from its own origin), /control has no
// CORS, so a page the kiosk shows cannot make the terminal fail or read its takings.
import { describe, expect, it } from 'vitest';
import { createPosApp } from '../../server/pos/simulator';

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
