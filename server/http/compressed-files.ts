// Compressed bodies of the site's text files (Lighthouse 100 on home). `npm start`
// served dist/ uncompressed: the home page's 22 KB of HTML and 28 KB of CSS took two extra round
// trips on a mobile network, which alone cost home its first paint score. Each file is compressed
// once per encoding and kept while its size and mtime are unchanged (a rebuild replaces it).
import { stat } from 'node:fs/promises';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/** Text formats worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.gpx', '.webmanifest']);
/** Below this a compressed body saves less than its headers cost. */
export const MIN_COMPRESS_BYTES = 1024;
/** Memory the cache may hold; the least recently used bodies go first. */
export const COMPRESSED_CACHE_BYTES = 64 * 1024 * 1024;
// Quality 9 (not 11): near the best ratio at a fraction of the time, for a first request that waits.
const BROTLI_QUALITY = 9;

/**
 * The encoding to answer with for an Accept-Encoding header: brotli before gzip, none when neither
 * is accepted (q=0 refuses one).
 */
export function preferredEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const allows = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

export function isCompressible(file: string): boolean {
  return COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase());
}

interface Entry {
  key: string;
  body: Buffer;
}

export class CompressedFiles {
  // A Map keeps insertion order: re-inserting on use makes its first key the least recently used.
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes = COMPRESSED_CACHE_BYTES) {}

  /** The compressed body of the file, or null when it is not worth compressing. */
  async get(file: string, encoding: Encoding): Promise<Buffer | null> {
    if (!isCompressible(file)) return null;
    const info = await stat(file);
    if (info.size < MIN_COMPRESS_BYTES) return null;
    const key = `${info.size}:${info.mtimeMs}`;
    const id = `${encoding}:${file}`;
    const cached = this.entries.get(id);
    if (cached?.key === key) {
      this.entries.delete(id);
      this.entries.set(id, cached);
      return cached.body;
    }
    const raw = await readFile(file);
    const body =
      encoding === 'br'
        ? await brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
        : await gzipAsync(raw, { level: 9 });
    this.store(id, { key, body });
    return body;
  }

  private store(id: string, entry: Entry): void {
    const previous = this.entries.get(id);
    if (previous) {
      this.bytes -= previous.body.length;
      this.entries.delete(id);
    }
    if (entry.body.length > this.maxBytes) return;
    this.entries.set(id, entry);
    this.bytes += entry.body.length;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.body.length;
    }
  }
}
