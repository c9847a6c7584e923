// SHA-256 in hex, the one digest of the API: how it stores a secret it must find again (a bearer
// token, a reset code, a pairing code; not salted, since the row is looked up by it, and those
// secrets are random and short-lived) and how it recognises a repeated request (idempotency).
import { createHash } from 'node:crypto';

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
