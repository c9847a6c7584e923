// The server's one logger (pino): JSON lines on standard output, one object per event. Code that
// runs for a request logs through `log()`, which answers that request's child logger (it carries
// the request id, so every line a request causes can be found with one grep); outside a request
// it answers the root logger. Personal data never reaches a line: the censor below blanks the
// fields named as secret or personal wherever they are in a logged object, errors go through a serializer that drops query parameters and e-mail
// addresses from their messages, and request or response bodies are never logged at all.
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, stdSerializers, type DestinationStream, type Level, type Logger } from 'pino';

export type { Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = Level | 'silent';
const DEFAULT_LEVEL: LogLevel = 'info';

/**
 * Names of the fields that hold a secret or a person's data. A key is compared without case, `_`
 * or `-`, so one entry covers the API's snake_case (`fiscal_code`, from src/api/contract), the
 * server's camelCase (`fiscalCode`) and a header's spelling (`X-Kiosk-Token`).
 */
const SENSITIVE_FIELDS = [
  // Secrets.
  'password', 'password_confirmation', 'new_password', 'current_password', 'token', 'access_token', 'refresh_token',
  'secret', 'secret_key', 'webhook_secret', 'stripe_secret_key', 'stripe_webhook_secret', 'api_key', 'authorization', 'cookie', 'set_cookie', 'x_kiosk_token', 'pairing_code', 'edit_order_code',
  // A person: contacts, identity, the people an order is for and their measures, the loyalty card.
  'email', 'username', 'recipient', 'phone', 'fiscal_code', 'tax_code', 'first_name', 'last_name', 'full_name',
  'to_string', 'customer', 'customers', 'person', 'people', 'height', 'weight', 'shoe_size',
  'fidelity_card_number', 'bocard',
  // Identity documents and their files (a file's name is often the person's name).
  'document', 'documents', 'medias', 'media', 'file', 'files', 'filename', 'file_name', 'original_name',
  // Whole payloads: request or response bodies, a driver's bound values, a row's detail.
  'body', 'params', 'parameters', 'detail',
];
const normalized = (key: string) => key.toLowerCase().replace(/[-_]/g, '');
const SENSITIVE = new Set(SENSITIVE_FIELDS.map(normalized));
/** Deeper than this a logged value is not walked but blanked whole: nothing unread is written. */
const MAX_DEPTH = 10;
const REDACTED = '[redacted]';
const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;
/** Drizzle's failed-query message ends with the bound values: "params: a@b.c,+39…". */
const STACK_FRAME = /^\s+at /;
/** Causes followed under an error, enough for a wrapper of a wrapper. */
const MAX_CAUSES = 3;
const QUERY_PARAMS = /\nparams: [\s\S]*$/;
/** Properties a library attaches to its errors that carry live objects (a connection, a request). */
const ATTACHED_OBJECTS = new Set(['client', 'connection', 'request', 'response', 'config']);

function scrub(text: string | undefined): string | undefined {
  return text?.replace(QUERY_PARAMS, '\nparams: ' + REDACTED).replace(EMAIL, REDACTED);
}

/**
 * A copy of `value` with every sensitive field blanked, at any depth: an order in the API's shape
 * holds its people's names four levels down (order_detail_pools → order_details → customer), past
 * the fixed depths pino's `redact` paths reach. Errors are left to their serializer; objects with
 * `toJSON` (dates, buffers) are written as they say. The caller's object is never changed.
 */
function censor(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Error) return value;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  // `seen` holds the ancestors: a cycle is cut, an object met twice side by side is written twice.
  if (depth >= MAX_DEPTH || seen.has(value)) return REDACTED;
  seen.add(value);
  let out: unknown;
  if (Array.isArray(value)) out = value.map((item) => censor(item, depth + 1, seen));
  else {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = SENSITIVE.has(normalized(key)) ? REDACTED : censor(item, depth + 1, seen);
    out = copy;
  }
  seen.delete(value);
  return out;
}

/** pino's error serializer, minus what can hold a person's data (bound values, row details). */
function serializeError(err: Error, depth = 0): object {
  const out = stdSerializers.err(err) as unknown as Record<string, unknown>;
  const message = scrub(out.message as string | undefined);
  // The stack repeats the message: keep its frames, under the scrubbed message.
  const frames = String(err.stack ?? '').split('\n').filter((line) => STACK_FRAME.test(line));
  out.message = message;
  out.stack = [`${String(out.type)}: ${message}`, ...frames].join('\n');
  // The driver hangs its connection on an error (node-postgres: `client`, with the connection's
  // parameters, password included when one is used): never a line's business.
  for (const [key, value] of Object.entries(out)) if (ATTACHED_OBJECTS.has(key) || (typeof value === 'object' && value !== null && key !== 'cause')) delete out[key];
  // The reason under a wrapper (drizzle's "Failed query" holds the driver's ECONNREFUSED).
  if (err.cause instanceof Error && depth < MAX_CAUSES) out.cause = serializeError(err.cause, depth + 1);
  else delete out.cause;
  return out;
}

export interface LoggerOptions {
  level?: LogLevel;
  /** Where lines go: standard output unless given (tests pass a stream they read; dev a pretty printer). */
  destination?: DestinationStream;
}

/** A logger with the server's redaction and serializers. */
export function createLogger({ level = DEFAULT_LEVEL, destination }: LoggerOptions = {}): Logger {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      base: { pid: process.pid },
      // Every line's fields go through the censor (a child logger's bindings do not: pino writes them
      // once, unformatted; the server binds only the request's id, kiosk and shop).
      formatters: { log: (object) => censor(object) as Record<string, unknown> },
      // pino serializes after the formatter: an error's own fields (a driver's `detail`) are censored here.
      serializers: { err: (err: Error) => censor(serializeError(err)), error: (err: Error) => censor(serializeError(err)) },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/**
 * The root destination can be swapped (`configureLogger`) without replacing `logger`, so modules
 * that imported it before the configuration was read still write where the configuration says.
 */
const sink: { target: DestinationStream } = { target: pino.destination({ dest: 1, sync: true }) };

/** The process's root logger: lines not caused by a request (start, timers, shutdown). */
export const logger: Logger = createLogger({ destination: { write: (line: string) => sink.target.write(line) } });

/** Applies LOG_LEVEL and, for `npm run dev`, a pretty printer; called once by each entry point. */
export function configureLogger({ level, destination }: LoggerOptions): void {
  if (level) logger.level = level;
  if (destination) sink.target = destination;
}

const requestScope = new AsyncLocalStorage<Logger>();

/** The current request's logger (with its request id), or the root logger outside a request. */
export function log(): Logger {
  return requestScope.getStore() ?? logger;
}

/** Runs `fn` with `requestLogger` as what `log()` answers, for everything `fn` awaits or starts. */
export function withLogger<T>(requestLogger: Logger, fn: () => T): T {
  return requestScope.run(requestLogger, fn);
}
