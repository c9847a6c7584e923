// The site's text files go out compressed (home's first paint on a mobile network).
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { serveDist } from '~server/static';
import { CompressedFiles, MIN_COMPRESS_BYTES, preferredEncoding } from '~server/http/compressed-files';

const root = mkdtempSync(path.join(tmpdir(), 'dist-z-'));
mkdirSync(path.join(root, '_astro'));
const page = `<!doctype html><h1>home</h1>${'<p>noleggio sci</p>'.repeat(400)}`;
writeFileSync(path.join(root, 'index.html'), page);
writeFileSync(path.join(root, 'small.txt'), 'tiny');
writeFileSync(path.join(root, '_astro', 'photo.png'), Buffer.alloc(4096, 7));
const app = new Hono().use('*', serveDist(root));

describe('Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', null],
    ['*', 'br'],
    ['*;q=0', null],
    ['', null],
    [undefined, null],
    ['GZIP;q=0.5', 'gzip'],
  ])('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('compressed site files', () => {
  it('answers brotli to a browser, with the length, Vary and the same bytes once decoded', async () => {
    const res = await app.request('/', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(page.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(page);
  });

  it('answers gzip when brotli is not accepted, and plain bytes when nothing is', async () => {
    const gz = await app.request('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(page);
    const plain = await app.request('/');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(page);
  });

  it('leaves small files and images as they are', async () => {
    const small = await app.request('/small.txt', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('tiny');
    const png = await app.request('/_astro/photo.png', { headers: { 'accept-encoding': 'br' } });
    expect(png.headers.get('content-encoding')).toBeNull();
    expect(png.headers.get('vary')).toBeNull();
  });

  it('HEAD gets the headers of the compressed answer without a body', async () => {
    const res = await app.request('/', { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toBe('');
  });

  it('a rebuilt file is compressed again, not served from the cache', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dist-z2-'));
    const file = path.join(dir, 'a.css');
    const files = new CompressedFiles();
    writeFileSync(file, 'a{color:red}'.repeat(200));
    const first = await files.get(file, 'gzip');
    writeFileSync(file, 'b{color:blue}'.repeat(200));
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const second = await files.get(file, 'gzip');
    expect(gunzipSync(first!).toString()).toContain('a{color:red}');
    expect(gunzipSync(second!).toString()).toContain('b{color:blue}');
  });

  it('keeps at most its byte budget, dropping the least recently used', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dist-z3-'));
    // Random bytes do not compress: each body is a bit over its 1.5 KB, two fit, three do not.
    const text = () => randomBytes(MIN_COMPRESS_BYTES * 1.5);
    const files = new CompressedFiles(3 * MIN_COMPRESS_BYTES);
    for (const n of [1, 2, 3]) writeFileSync(path.join(dir, `${n}.js`), text());
    const one = await files.get(path.join(dir, '1.js'), 'gzip');
    await files.get(path.join(dir, '2.js'), 'gzip');
    await files.get(path.join(dir, '3.js'), 'gzip');
    // 1 was evicted: asking again compresses anew (a different Buffer instance).
    expect(await files.get(path.join(dir, '1.js'), 'gzip')).not.toBe(one);
    const three = await files.get(path.join(dir, '3.js'), 'gzip');
    expect(await files.get(path.join(dir, '3.js'), 'gzip')).toBe(three);
  });
});
