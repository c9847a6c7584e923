// `astro dev`'s link-preview images: the integration's middleware draws /og/{name}.png on its
// first request and leaves every other path to Astro.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ogDevMiddleware } from '~/seo/og-integration';

const cacheDir = mkdtempSync(path.join(tmpdir(), 'og-dev-'));
let server: Server;
let origin = '';

beforeAll(async () => {
  const middleware = ogDevMiddleware('RentAlp', cacheDir);
  server = createServer((req, res) =>
    middleware(req, res, () => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('astro');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(cacheDir, { recursive: true, force: true });
});

describe('the dev server’s link-preview images', () => {
  it('draws a listed image on request: a 1200×630 PNG, cached for the next one', async () => {
    const res = await fetch(`${origin}/og/town-sestriere.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.toString('latin1', 1, 4)).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(readdirSync(cacheDir)).toHaveLength(1);
    const again = Buffer.from(await (await fetch(`${origin}/og/town-sestriere.png?x=1`)).arrayBuffer());
    expect(again.equals(png)).toBe(true);
    expect(readdirSync(cacheDir)).toHaveLength(1);
  });

  it.each(['/og/no-such-town.png', '/og/../package.json', '/og/town-sestriere.jpg', '/noleggi/sestriere/'])('leaves %s to Astro', async (url) => {
    const res = await fetch(`${origin}${url}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('astro');
  });
});
