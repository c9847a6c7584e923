// The size of request bodies under `/api`: JSON, form-encoded and any other body is
// refused past API_BODY_LIMIT with 413 `{ message }`, from its announced length or while it is read
// (never buffered whole). Only multipart posts to the routes that take documents skip it: those
// routes carry their own, larger limit (`orderBodyLimit`, room for ten 8 MB documents).
// Any 413 closes the connection (`Connection: close`, as nginx does): the refused body was not
// read, so the socket cannot carry another request — a client reusing it would have the rest of
// that body taken for its next request.
import type { Context, MiddlewareHandler, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from './errors';
import type { AppEnv } from './context';
import { MAX_FORM_FIELDS } from './forms';

/** Every JSON or form-encoded body of the API fits: the largest are staff batches of 100 lines. */
export const API_BODY_LIMIT = 64 * 1024;

/**
 * Routes that take documents, relative to wherever the API is mounted: POST v1/shops/{id}/orders
 * (new order), v1/orders/{id} (edit), v1/orders/{id}/media and …/medias (documents added later),
 * v1/user/media (a document kept on the account).
 */
const UPLOAD_ROUTE = /(?:^|\/)v1\/(?:shops\/[^/]+\/orders|orders\/[^/]+(?:\/medias?)?|user\/media)$/;

const limit = bodyLimit({
  maxSize: API_BODY_LIMIT,
  onError: (c) => c.json({ message: c.get('t')('api.tooLarge') }, 413),
});

export function isUploadRequest(method: string, path: string, contentType: string | undefined): boolean {
  return method === 'POST' && /^multipart\/form-data\b/i.test(contentType?.trim() ?? '') && UPLOAD_ROUTE.test(path);
}

export const apiBodyLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  // A refusal is returned, not set (the rest of the chain returns the context itself).
  const refused = await limitBody(c, next);
  if (refused instanceof Response) c.res = refused;
  // Node ends the socket after an answer that says so; the upload routes' own 413 is closed here too.
  if (c.res.status === 413) c.header('Connection', 'close');
};

/** The request came over Node's HTTP server: @hono/node-server puts the IncomingMessage in `c.env.incoming`. */
const overNodeServer = (c: Context<AppEnv>) => Boolean((c.env as { incoming?: unknown } | undefined)?.incoming);

/** HTTP/1.1 frames the body in chunks, of no length known ahead. */
const chunked = (c: Context<AppEnv>) => c.req.header('transfer-encoding') !== undefined;

/**
 * Whether the request comes with a body. Over Node's HTTP server (@hono/node-server puts the
 * IncomingMessage in `c.env.incoming`) HTTP/1.1 frames a body by one of two headers, and without
 * either there is none: read from the headers, because asking Hono's request for its body (as its
 * bodyLimit does first thing) makes @hono/node-server build the whole fetch Request and its
 * AbortSignal, which the API's reads never need otherwise. A Request handed to the app directly
 * (`app.request`, the tests) may carry a body with neither header: asked for it.
 */
function hasBody(c: Context<AppEnv>): boolean {
  if (!overNodeServer(c)) return c.req.raw.body !== null;
  if (chunked(c)) return true;
  const length = c.req.header('content-length');
  return length !== undefined && length.trim() !== '0';
}

const limitBody = async (c: Context<AppEnv>, next: Next): Promise<unknown> => {
  if (!hasBody(c)) return next();
  const contentType = c.req.header('content-type');
  if (!isUploadRequest(c.req.method, c.req.path, contentType)) return limit(c, next);
  const boundary = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? '');
  if (!boundary) return next();
  const delimiter = `\r\n--${boundary[1] ?? boundary[2]}`;
  if (c.req.raw.body && needsPartCount(announcedLength(c), delimiter.length, MAX_FORM_FIELDS + 1)) {
    const counted = c.req.raw.body.pipeThrough(partCounter(delimiter, MAX_FORM_FIELDS + 1));
    c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit);
  }
  return next();
};

/**
 * The body's length when it cannot be otherwise: over Node's server, a body framed by
 * Content-Length (no Transfer-Encoding) is exactly that many bytes, whatever the client sends after
 * it. Undefined elsewhere (a chunked body, a Request handed to the app directly).
 */
function announcedLength(c: Context<AppEnv>): number | undefined {
  if (!overNodeServer(c) || chunked(c)) return undefined;
  const length = Number(c.req.header('content-length'));
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/**
 * Whether a body may hold more than `max` delimiters (what partCounter refuses). Delimiters never
 * overlap (a boundary holds no CR or LF), so a body of known length holds at most length ÷ the
 * delimiter's length of them: an order form without documents (about 1 KB, at most a few dozen)
 * skips the counter, whose web streams cost 0.4 ms of the event loop per order.
 */
export function needsPartCount(length: number | undefined, delimiterLength: number, max: number): boolean {
  return length === undefined || Math.floor(length / delimiterLength) > max;
}

/**
 * Fails the body once it holds more than `max` multipart delimiters, while it streams: the form
 * parser never sees 700 000 fields (parsing them alone held the event loop for over a second).
 */
function partCounter(delimiter: string, max: number): TransformStream<Uint8Array, Uint8Array> {
  const needle = Buffer.from(delimiter, 'latin1');
  let tail = Buffer.alloc(0);
  let count = 0;
  return new TransformStream({
    transform(chunk, controller) {
      // The tail is shorter than the needle, so a match always ends in this chunk: none is counted twice.
      const window = tail.length ? Buffer.concat([tail, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      for (let at = window.indexOf(needle); at !== -1; at = window.indexOf(needle, at + 1)) {
        if (++count > max) {
          controller.error(new ApiError(422, 'api.invalidData', {}, { _: [{ key: 'api.tooLarge' }] }));
          return;
        }
      }
      tail = Buffer.from(window.subarray(Math.max(0, window.length - needle.length + 1)));
      controller.enqueue(chunk);
    },
  });
}
