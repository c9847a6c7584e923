// The error page for failing site routes (server/error-page.ts through server/static.ts): status from
// the error or 500, the server's message when the error carries one meant for people (escaped),
// the page of the path's locale, noindex; the minimal page when the error page itself fails.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describeError, fillErrorPage } from '~server/error-page';
import { resolveStatic, serveDist, type DistDeps } from '~server/static';
import { configureLogger, createLogger, withLogger } from '~server/log';
import it_ from '~i18n/it.json';
import en from '~i18n/en.json';
import fr from '~i18n/fr.json';

// The slots exactly as Astro writes src/components/seo/ErrorPage.astro (checked against dist/ by
// the e2e test tests/e2e/error-page.spec.ts).
const page = (lang: string) =>
  `<!DOCTYPE html><html lang="${lang}"><head><meta name="robots" content="noindex"></head><body><main><h1>${lang}</h1>` +
  `<p>Code: <span data-error-status>500</span></p><p data-error-message hidden></p><a href="/">home</a></main></body></html>`;

const root = mkdtempSync(path.join(tmpdir(), 'dist-error-'));
mkdirSync(path.join(root, 'en', '500'), { recursive: true });
mkdirSync(path.join(root, 'fr', '500'), { recursive: true });
writeFileSync(path.join(root, 'index.html'), '<h1>home</h1>');
writeFileSync(path.join(root, '500.html'), page('it'));
writeFileSync(path.join(root, 'en', '500', 'index.html'), page('en'));
writeFileSync(path.join(root, 'fr', '500', 'index.html'), page('fr'));

/** A static server whose file lookup fails with `err` (a disk or permission failure). */
function failingSite(err: unknown, extra: DistDeps = {}) {
  return new Hono().use(
    '*',
    serveDist(root, {
      resolve: async (dist, urlPath) => {
        if (urlPath.startsWith('/broken') || urlPath.startsWith('/en/broken') || urlPath.startsWith('/fr/broken')) throw err;
        return resolveStatic(dist, urlPath);
      },
      ...extra,
    }),
  );
}

// The failures these tests cause on purpose would fill the run's output: the root logger writes
// nowhere here; the test that reads the line gives the request a logger of its own.
configureLogger({ destination: { write: () => undefined } });

/** Runs `request` under a logger whose lines the test reads (as the request's logger would be). */
async function logged<T>(request: () => Promise<T>): Promise<{ result: T; lines: Record<string, unknown>[] }> {
  const written: string[] = [];
  const result = await withLogger(createLogger({ destination: { write: (line: string) => void written.push(line) } }), request);
  return { result, lines: written.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('a failing site route answers the error page', () => {
  it('an unexpected error: 500, no message (its text may expose internals), logged', async () => {
    const { result: res, lines } = await logged(async () => failingSite(new Error('EIO: /srv/secret/path')).request('/broken/page'));
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const html = await res.text();
    expect(html).toContain('<span data-error-status>500</span>');
    expect(html).toContain('<p data-error-message hidden></p>');
    expect(html).not.toContain('secret');
    // The operator's log has what the page hides: the error with its stack, the route and status.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, method: 'GET', path: '/broken/page', status: 500, err: { message: 'EIO: /srv/secret/path' } });
    expect(String((lines[0]!.err as { stack?: string }).stack)).toContain('EIO');
  });

  it('an HTTPException: its status and its message, HTML-escaped', async () => {
    const err = new HTTPException(503, { message: 'Manutenzione <b>in corso</b> & presto di ritorno' });
    const res = await failingSite(err).request('/broken');
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain('<span data-error-status>503</span>');
    expect(html).toContain('<p data-error-message>Manutenzione &lt;b&gt;in corso&lt;/b&gt; &amp; presto di ritorno</p>');
  });

  it.each([
    ['/broken', 'it'],
    ['/en/broken', 'en'],
    ['/fr/broken/x', 'fr'],
  ])('%s gets the page of its locale (%s)', async (url, lang) => {
    const html = await (await failingSite(new Error('x')).request(url)).text();
    expect(html).toContain(`<html lang="${lang}">`);
  });

  it('other routes are still served normally', async () => {
    const res = await failingSite(new Error('x')).request('/');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<h1>home</h1>');
  });
});

describe('when the error page itself fails', () => {
  it.each([
    ['/broken', 'it', it_],
    ['/en/broken', 'en', en],
    ['/fr/broken', 'fr', fr],
  ] as const)('%s: the minimal page in %s with a link home, same status, noindex', async (url, lang, messages) => {
    const site = failingSite(new HTTPException(502, { message: 'upstream' }), {
      readPage: async () => {
        throw new Error('EACCES');
      },
    });
    const res = await site.request(url);
    expect(res.status).toBe(502);
    const html = await res.text();
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain(messages.errors.errorPageFailed.replace(/'/g, '&#39;'));
    expect(html).toContain(`<a href="${lang === 'it' ? '/' : `/${lang}/`}">`);
  });

  it('a built page without the slots gives the minimal page too', async () => {
    const res = await failingSite(new Error('x'), { readPage: async () => '<html>changed</html>' }).request('/broken');
    expect(res.status).toBe(500);
    expect(await res.text()).toContain(it_.errors.errorPageFailed);
  });
});

describe('describeError and fillErrorPage', () => {
  it('status outside 400–599 falls back to 500; an empty message is no message', () => {
    expect(describeError(new HTTPException(503))).toEqual({ status: 503, message: null });
    expect(describeError('boom')).toEqual({ status: 500, message: null });
    expect(describeError(new HTTPException(200 as never, { message: 'ok' }))).toEqual({ status: 500, message: 'ok' });
  });

  it('refuses a page without slots', () => {
    expect(() => fillErrorPage('<p>nothing</p>', 500, null)).toThrow();
  });
});
