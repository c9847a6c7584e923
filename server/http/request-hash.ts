// What makes two requests with one `Idempotency-Key` the same request (server/http/idempotency.ts):
// the hash of their bodies, JSON compared by its content (key order and spacing do not matter) and
// multipart forms by their fields and files, not their bytes (each retry of the same form has a new
// multipart boundary).
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { sha256Hex } from '../auth/sha256';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** SHA-256 of the request body: of its canonical JSON (key order and spacing do not matter), else of its text. */
function requestHash(text: string): string {
  let material = text;
  try {
    if (text.trim()) material = JSON.stringify(canonical(JSON.parse(text)));
  } catch {
    /* not JSON: the text itself */
  }
  return sha256Hex(material);
}

/**
 * SHA-256 of a multipart form's fields in order, each file by its name, type and bytes: the same
 * form sent again hashes the same whatever boundary the client picked.
 */
async function formHash(form: FormData): Promise<string> {
  const hash = createHash('sha256');
  for (const [name, value] of form.entries()) {
    const part =
      typeof value === 'string'
        ? [name, value]
        : [name, value.name, value.type, value.size, sha256Hex(new Uint8Array(await value.arrayBuffer()))];
    hash.update(JSON.stringify(part)).update('\n');
  }
  return hash.digest('hex');
}

/** The request's hash, or null for a multipart body that does not parse (the handler refuses it). */
export async function bodyHash(c: Context): Promise<string | null> {
  // Hono caches the body: the handler reads it again (as the same form, or the same text).
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) return requestHash(await c.req.text());
  try {
    return await formHash(await c.req.formData());
  } catch {
    return null;
  }
}
