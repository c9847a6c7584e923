// Turns zod failures into the contract's 422 `{ message, errors: { field: [messages] } }`.
import type { Context } from 'hono';
// The contract's schemas are zod/mini (src/api/contract), the server's own may be classic zod: both
// share zod's core, so these helpers take core types and call the functional safeParse.
import * as z from 'zod/mini';
import { ApiError, type FieldErrors } from './errors';

type Issue = z.core.$ZodIssue;

/** Maps one zod issue to a message key of i18n/*.json (`validators.*`) with its parameters. */
export function issueMessage(issue: Issue): { key: string; params?: Record<string, unknown> } {
  const custom = issue.message;
  const params = (issue as { params?: Record<string, unknown> }).params;
  if (custom && /^(validators|api)\./.test(custom)) {
    const extra: Record<string, unknown> = { ...params };
    if (issue.code === 'too_small') Object.assign(extra, { length: Number(issue.minimum), min: Number(issue.minimum) });
    if (issue.code === 'too_big') Object.assign(extra, { length: Number(issue.maximum), max: Number(issue.maximum) });
    return { key: custom, params: extra };
  }
  switch (issue.code) {
    case 'invalid_type':
      return { key: 'validators.required' };
    case 'too_small':
      return issue.origin === 'string'
        ? Number(issue.minimum) <= 1
          ? { key: 'validators.required' }
          : { key: 'validators.minLength', params: { length: Number(issue.minimum) } }
        : { key: 'validators.minQuantity', params: { min: Number(issue.minimum) } };
    case 'too_big':
      return issue.origin === 'string'
        ? { key: 'validators.maxLength', params: { length: Number(issue.maximum) } }
        : { key: 'validators.maxQuantity', params: { max: Number(issue.maximum) } };
    case 'invalid_format':
      return issue.format === 'email' ? { key: 'validators.email' } : { key: 'validators.invalid' };
    default:
      return { key: 'validators.invalid' };
  }
}

export function zodFieldErrors(error: z.core.$ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    (fields[field] ??= []).push(issueMessage(issue));
  }
  return fields;
}

export function validationError(error: z.core.$ZodError): ApiError {
  return new ApiError(422, 'api.invalidData', {}, zodFieldErrors(error));
}

export function parseWith<S extends z.core.$ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = z.safeParse(schema, input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** Nesting of arrays and objects a JSON body may have; the API's own bodies need 4. */
export const MAX_JSON_DEPTH = 32;

/**
 * Deepest nesting of arrays and objects in a JSON text, counted without parsing (brackets inside
 * strings are text). Stops once past `limit`: a 200 000-deep array costs as much as a short one.
 */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: the next character is escaped
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return deepest;
}

const invalidJson = () => new ApiError(422, 'api.invalidJson', {}, { _: [{ key: 'api.invalidJson' }] });

/**
 * Parses a JSON body; a body that is not JSON, or nested deeper than MAX_JSON_DEPTH (whose
 * validation or storage would overflow the stack), is invalid input (422), never a 500.
 */
export async function jsonBody<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown = {};
  const text = await c.req.text();
  if (text.trim()) {
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw invalidJson();
    try {
      body = JSON.parse(text);
    } catch {
      throw invalidJson();
    }
  }
  return parseWith(schema, body);
}

export function queryParams<S extends z.core.$ZodType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query());
}

/** A positive integer path parameter; anything else is an unknown resource. */
export function idParam(c: Context, name = 'id'): number {
  const raw = c.req.param(name) ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw new ApiError(404, 'api.notFound');
  return Number(raw);
}
