import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { resolveStatic, serveDist, shellFor } from '~server/static';
import { PREFIXED_LOCALES } from '~/domain/locales';
import { localizePath, splitLocale } from '~/domain/locale-path';
import { orderIdFromPath } from '~/domain/orders';

const root = mkdtempSync(path.join(tmpdir(), 'dist-'));
mkdirSync(path.join(root, 'en'));
mkdirSync(path.join(root, '_astro'));
writeFileSync(path.join(root, 'index.html'), '<h1>home</h1>');
writeFileSync(path.join(root, 'en', 'index.html'), '<h1>en</h1>');
writeFileSync(path.join(root, '404.html'), '<h1>missing</h1>');
writeFileSync(path.join(root, '_astro', 'a.123.js'), 'x');
mkdirSync(path.join(root, 'orders', 'view'), { recursive: true });
writeFileSync(path.join(root, 'orders', 'view', 'index.html'), '<h1>order shell</h1>');
const app = new Hono().use('*', serveDist(root));

describe('static site server', () => {
  it.each([
    ['/', 'index.html'],
    ['/en', 'en/index.html'],
    ['/en/', 'en/index.html'],
    ['/_astro/a.123.js', '_astro/a.123.js'],
  ])('%s → %s', async (url, file) => {
    expect(await resolveStatic(root, url)).toBe(path.join(root, file));
  });

  it.each(['/../../etc/passwd', '/..%2f..%2fetc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/%E0%A4%A', '/a%00b'])(
    'never escapes the root or crashes: %s',
    async (url) => {
      const file = await resolveStatic(root, url);
      expect(file === null || file.startsWith(root)).toBe(true);
    },
  );

  it('serves the 404 page with status 404', async () => {
    const res = await app.request('/no/such/page');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('<h1>missing</h1>');
  });

  it('caches hashed assets forever and HTML never', async () => {
    expect((await app.request('/_astro/a.123.js')).headers.get('cache-control')).toContain('immutable');
    const html = await app.request('/en');
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.headers.get('cache-control')).toContain('max-age=0');
  });

  it.each([
    ['/orders/0c7d9a1e-1111-4222-8333-944445555666', '/orders/view/'],
    ['/en/orders/abc', '/en/orders/view/'],
    ['/fr/totem/cash-desk/123/', '/fr/totem/cash-desk/'],
    ['/totem/products/S01-SCI-BASE-01', '/totem/products/'],
    ['/orders', null],
    ['/orders/a/b', null],
    ['/noleggi/sestriere', null],
  ])('client-rendered path %s is served by the shell %s', (pathname, shell) => {
    expect(shellFor(pathname)).toBe(shell);
  });

  it('serves the shell with status 200 for an order link', async () => {
    const res = await app.request('/orders/0c7d9a1e-1111-4222-8333-944445555666');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<h1>order shell</h1>');
  });
});

describe('the server reads paths with the domain rules (one home per rule)', () => {
  it.each([
    '/orders/0c7d9a1e-1111-4222-8333-944445555666',
    '/fr/orders/abc/',
    '/orders/view',
    '/en/orders/view/',
    '/orders/a/b',
    '/noleggi/orders/abc',
    '/english/orders/abc',
  ])("serves the order shell for %s exactly when the order page reads an order's id from it", (pathname) => {
    const { locale } = splitLocale(pathname);
    expect(shellFor(pathname)).toBe(orderIdFromPath(pathname) === null ? null : localizePath(locale, '/orders/view/'));
  });

  it('answers a missing page of each prefixed locale with that locale\'s 404 page', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'dist-404-'));
    writeFileSync(path.join(dist, '404.html'), '<h1>mancante</h1>');
    for (const locale of PREFIXED_LOCALES) {
      mkdirSync(path.join(dist, locale, '404'), { recursive: true });
      writeFileSync(path.join(dist, locale, '404', 'index.html'), `<h1>404 ${locale}</h1>`);
    }
    const site = new Hono().use('*', serveDist(dist));
    for (const locale of PREFIXED_LOCALES) {
      const res = await site.request(`/${locale}/no/such/page`);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe(`<h1>404 ${locale}</h1>`);
    }
    // Not a prefix: a first segment that only starts like one, and the default locale's paths.
    for (const pathname of ['/english/page', '/no/such/page']) expect(await (await site.request(pathname)).text()).toBe('<h1>mancante</h1>');
  });
});
