// What a failed request means for a form or a screen (spec §8), so the islands never look inside
// the client's ApiClientError: a 422's messages by field, the message of any other answer. A
// failure without an answer (NetworkError) was already announced by the client: these say null.
import { ApiClientError } from './client';
import type { ShownMessage } from '../domain/messages';

/** The API refused the input (HTTP 422, with field messages). */
export function isUnprocessable(err: unknown): err is ApiClientError {
  return err instanceof ApiClientError && err.status === 422;
}

/**
 * A 422's first message of each field, in the order of `fields` and only those when given (a
 * form's fields in page order: the first takes the focus), else as the API listed them; null when
 * the failure is not a 422.
 */
export function fieldMessages<F extends string>(err: unknown, fields?: readonly F[]): [F, string][] | null {
  if (!isUnprocessable(err)) return null;
  const named = Object.entries(err.errors).filter((entry): entry is [F, string[]] => !fields || (fields as readonly string[]).includes(entry[0]));
  if (fields) named.sort(([a], [b]) => fields.indexOf(a) - fields.indexOf(b));
  return named.filter(([, messages]) => messages[0]).map(([field, messages]) => [field, messages[0]!]);
}

/** A 422's message for `field`, or the refusal's own message when that field has none; null otherwise. */
export function refusalMessage(err: unknown, field: string): string | null {
  return isUnprocessable(err) ? (err.errors[field]?.[0] ?? err.message) : null;
}

/** The message the API answered with (any status, '' when it gave none); null when no answer came. */
export function apiMessage(err: unknown): string | null {
  return err instanceof ApiClientError ? err.message : null;
}

/** The first message the API gave (of any field, else its own); null when no answer came. */
export function firstApiMessage(err: unknown): string | null {
  return err instanceof ApiClientError ? (Object.values(err.errors)[0]?.[0] ?? err.message) : null;
}

/**
 * What to tell the person about a failure: the words it carries for them (no answer at all:
 * NetworkError's key; a payment terminal's notes or key: TerminalError's), else its message (the
 * server's own, in the request's language). Stores keep it; a component says it (noticeText).
 */
export function errorMessage(err: unknown): ShownMessage {
  if (err instanceof Error && 'shown' in err) return (err as Error & { shown: ShownMessage }).shown;
  return err instanceof Error ? err.message : String(err);
}
