// The server's one logger (pino): JSON lines on standard output, one object per event. Code that
// runs for a request logs through `log()`, which answers that request's child logger (it carries
// the request id, so every line a request causes can be found with one grep); outside a request
// it answers the root logger. Personal data never reaches a line: the redact paths below blank
// the usual fields, errors go through a serializer that drops query parameters and e-mail
// addresses from their messages, and request or response bodies are never logged at all.
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, stdSerializers, type DestinationStream, type Level, type Logger } from 'pino';

export type { Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = Level | 'silent';
const DEFAULT_LEVEL: LogLevel = 'info';

/** Field names that hold a secret or a person's data, wherever they turn up in a logged object. */
const SENSITIVE_FIELDS = [
  'password', 'newPassword', 'currentPassword', 'token', 'accessToken', 'refreshToken', 'secret',
  'authorization', 'cookie', 'email', 'phone', 'fiscalCode', 'taxCode', 'document', 'documents',
  'firstName', 'lastName', 'fullName', 'body', 'params', 'parameters', 'detail',
];
const REDACT_PATHS = [
  ...SENSITIVE_FIELDS,
  ...SENSITIVE_FIELDS.map((field) => `*.${field}`),
  ...SENSITIVE_FIELDS.map((field) => `*.*.${field}`),
  'req.headers["x-kiosk-token"]',
  'req.headers["set-cookie"]',
];
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
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: { err: (err: Error) => serializeError(err), error: (err: Error) => serializeError(err) },
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
