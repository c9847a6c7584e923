// Path parameters by name and the headers routes read: one rule each, as the handlers apply them
// (server/http/validation.ts idParam, server/orders/access.ts accessibleOrder).
import * as z from 'zod/mini';
import { IDEMPOTENCY_HEADER, IdempotencyKeySchema } from '~/api/contract/idempotency';
import { noControlCharacters } from '~/api/contract/fields';
import type { HeaderParam } from './operation';

/**
 * A path parameter read as text (a slug, a code): never a control character, which the API answers
 * 404 for in any path (server/http/control-bytes.ts).
 */
export const PathText = z.string().check(z.minLength(1), noControlCharacters());

/** A numeric id (`idParam`: anything else is 404). */
export const NumericId = z.string().check(z.regex(/^\d{1,9}$/));

/** What a path parameter means when the operation says nothing else, by its name. */
export const PATH_PARAMS: Record<string, { schema: z.core.$ZodType; example: string; description: string }> = {
  id: { schema: NumericId, example: '41', description: 'Numeric id.' },
  uuid: {
    schema: z.uuid(),
    example: '0b9a3c1e-5f4d-4c3b-9a2e-1d0c9b8a7f6e',
    description: "The order's uuid: whoever holds it may read the order (the guest link).",
  },
  slug: { schema: PathText, example: 'bardonecchia-sport-rent', description: "The shop's slug." },
  code: { schema: PathText, example: 'BARD-02', description: 'Code.' },
  session: { schema: PathText, example: 'ps_3f9c2a', description: 'Payment session id.' },
};

/** An order by id, number or uuid: the owner or a kiosk of its shop by id or number, anyone by uuid. */
export const ORDER_REF = {
  schema: z.string().check(z.minLength(1), z.maxLength(64), noControlCharacters()),
  example: '41',
  description:
    "The order's id or number (its owner's token, or a kiosk of its shop) or its uuid (anyone holding it). Any refusal is 404.",
};

export const IDEMPOTENCY_KEY: HeaderParam = {
  name: IDEMPOTENCY_HEADER,
  description:
    'A random key per attempt, reused for every retry of it: a retry gets the first successful answer again (with `Idempotent-Replayed: true`); a key still running is 409, the same key with another request after a success 422. A refusal (4xx) or server error (5xx) is not kept: a retry with the key, or the key with a corrected request, runs again.',
  required: false,
  schema: IdempotencyKeySchema,
  example: '5b1f6a0e-2c1d-4b7a-9d3e-8f2a1c0b9e7d',
};

/** Said of a kiosk's write that carries `Idempotency-Key` (the counter's and the cash desk's). */
export const IDEMPOTENT = 'Safe to send again with the same `Idempotency-Key` (the kiosk queues it while the API is unreachable).';
