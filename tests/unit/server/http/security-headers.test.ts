// The security headers' pure parts: JSON-LD that cannot close its <script>, the CSP
// origins taken from FRAME_ANCESTORS, and the headers the API and the site answer with.
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { serializeJsonLd } from '~/seo/structured-data';
import { loadConfig } from '~server/config';
import {
  API_CSP,
  apiSecurityHeaders,
  REFERRER_POLICY,
  siteCsp,
  siteSecurityHeaders,
} from '~server/http/security-headers';

describe('serializeJsonLd', () => {
  it('escapes what could end the script element or break older parsers, and stays the same JSON', () => {
    const data = { name: 'Sci </script><script>alert(1)</script> & co', text: 'a\u2028b\u2029c', n: 1 };
    const text = serializeJsonLd(data);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(data);
  });
});

describe('frame ancestors', () => {
  it('takes well-formed http(s) origins, reduced to their origin; anything else stops the start', () => {
    const frameAncestorsFromEnv = (env: NodeJS.ProcessEnv) => loadConfig(env).frameAncestors;
    expect(frameAncestorsFromEnv({ FRAME_ANCESTORS: 'https://hotel.example/booking, http://partner.test:8080' })).toEqual([
      'https://hotel.example',
      'http://partner.test:8080',
    ]);
    expect(() => frameAncestorsFromEnv({ FRAME_ANCESTORS: 'https://hotel.example javascript:alert(1) nonsense' })).toThrow(
      /FRAME_ANCESTORS=.* has "javascript:alert\(1\)", "nonsense", not an http\(s\) origin/,
    );
    expect(frameAncestorsFromEnv({})).toEqual([]);
    expect(siteCsp(['https://hotel.example'])).toBe("frame-ancestors 'self' https://hotel.example");
  });
});

describe('security headers', () => {
  it('API answers carry the referrer policy, nosniff and a data-only CSP, errors included', async () => {
    const app = new Hono();
    app.use('*', apiSecurityHeaders);
    app.get('/ok', (c) => c.json({ ok: true }));
    app.get('/doc', (c) => c.body('x', 200, { 'content-security-policy': 'sandbox' }));
    app.get('/boom', () => {
      throw new Error('boom');
    });
    app.onError((_, c) => c.json({ message: 'x' }, 500));
    for (const path of ['/ok', '/boom']) {
      const res = await app.request(path);
      expect(res.headers.get('referrer-policy')).toBe(REFERRER_POLICY);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe(API_CSP);
    }
    // A served document keeps its own stricter policy.
    expect((await app.request('/doc')).headers.get('content-security-policy')).toBe('sandbox');
  });

  it('site pages say who may frame them; other files get the referrer policy only', async () => {
    const app = new Hono();
    app.use('*', siteSecurityHeaders(['https://hotel.example']));
    app.get('/page', (c) => c.html('<p>x</p>'));
    app.get('/app.js', (c) => c.body('1', 200, { 'content-type': 'text/javascript' }));
    const page = await app.request('/page');
    expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'self' https://hotel.example");
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    const script = await app.request('/app.js');
    expect(script.headers.get('content-security-policy')).toBeNull();
    expect(script.headers.get('referrer-policy')).toBe('same-origin');
  });
});
