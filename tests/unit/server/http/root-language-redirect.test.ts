// `/` follows the browser language with an HTTP redirect, before any HTML is sent.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { rootLanguageRedirect } from '~server/http/root-language';
import { serveDist } from '~server/static';

const root = mkdtempSync(path.join(tmpdir(), 'dist-lang-'));
writeFileSync(path.join(root, 'index.html'), '<h1>Noleggio</h1>');
const app = new Hono().use('*', rootLanguageRedirect()).use('*', serveDist(root));
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0 Safari/537.36';

describe('root language redirect', () => {
  it('sends a first English visit to /en/ with its query, and records the language', async () => {
    const res = await app.request('/?forced_ref=hotel', { headers: { 'accept-language': 'en-GB,en;q=0.9', 'user-agent': CHROME } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en/?forced_ref=hotel');
    expect(res.headers.get('set-cookie')).toMatch(/^i18n_redirected=en; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    expect(res.headers.get('vary')).toContain('Accept-Language');
  });

  it('follows a language chosen before over the browser language', async () => {
    const res = await app.request('/', { headers: { 'accept-language': 'en', cookie: 'i18n_redirected=fr', 'user-agent': CHROME } });
    expect(res.headers.get('location')).toBe('/fr/');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('serves the Italian home to an Italian browser, a crawler, and a visitor who chose Italian', async () => {
    const visits: Record<string, string>[] = [
      { 'accept-language': 'it-IT,it;q=0.9', 'user-agent': CHROME },
      { 'accept-language': 'en', 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { 'accept-language': 'en', cookie: 'i18n_redirected=it', 'user-agent': CHROME },
    ];
    for (const headers of visits) {
      const res = await app.request('/', { headers });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('<h1>Noleggio</h1>');
    }
  });

  it('leaves every other path alone', async () => {
    const res = await app.request('/index.html', { headers: { 'accept-language': 'en', 'user-agent': CHROME } });
    expect(res.status).toBe(200);
  });
});
