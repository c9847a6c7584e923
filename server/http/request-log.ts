// One log line per API request (method, route pattern, status, duration, the kiosk when a kiosk
// calls), and the request id that ties it to every other line the request causes: the id is
// answered as X-Request-Id and the request's child logger (server/log.ts) carries it through
// everything the handler awaits. Bodies are never logged: they hold the customers' data.
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes, routePath } from 'hono/route';
import { logger, withLogger } from '../log';
import type { AppEnv } from './context';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** What a proxy's id may look like: a UUID, a hex trace id, nginx's $request_id, with room to spare. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const SERVER_ERROR = 500;
/** Hono's method name for middleware and `all()` routes. */
const ALL_METHODS = 'ALL';

/**
 * The id of this request: the one our proxy put in X-Request-Id when there is a trusted proxy in
 * front (TRUST_PROXY, as server/http/client-address.ts believes X-Forwarded-For) and it looks
 * like an id; a fresh UUID otherwise, so a client cannot write what it likes into the log.
 */
export function requestId(header: string | undefined, trustProxy: number): string {
  if (trustProxy > 0 && header && VALID_REQUEST_ID.test(header)) return header;
  return randomUUID();
}

/**
 * The route pattern the request matched (`/api/v1/orders/:id`), never the raw path (ids and codes
 * stay out of the log, and lines group by route). A route's own handler is registered for a method;
 * middleware and the catch-all answering unknown paths for ALL: a request that failed in a
 * middleware still names the route it was going to.
 */
function routePattern(c: Context): string {
  return matchedRoutes(c).find((route) => route.method !== ALL_METHODS)?.path ?? routePath(c);
}

/** The request logging middleware; `trustProxy` is the configuration's TRUST_PROXY. */
export function requestLogging(trustProxy: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const reqId = requestId(c.req.header(REQUEST_ID_HEADER), trustProxy);
    const requestLogger = logger.child({ reqId });
    const startedAt = performance.now();
    c.header(REQUEST_ID_HEADER, reqId);
    try {
      await withLogger(requestLogger, next);
    } finally {
      const status = c.res.status;
      const totem = c.get('auth')?.totem;
      const line = {
        method: c.req.method,
        route: routePattern(c),
        status,
        durationMs: Math.round(performance.now() - startedAt),
        ...(totem ? { kiosk: totem.code, shopId: totem.shopId } : {}),
      };
      if (status >= SERVER_ERROR) requestLogger.error(line, 'request');
      else requestLogger.info(line, 'request');
    }
  };
}
