// Counts every API request by its route pattern (`/api/v1/orders/:id`, never the raw path: one
// series per route, no order number or uuid in a label) and status, with its latency; and reads the
// business events that an answer alone tells: a new order placed or refused (and why), an answer
// replayed from an Idempotency-Key.
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { IDEMPOTENT_REPLAYED_HEADER } from '~/api/contract/idempotency';
import type { AppEnv } from '../http/context';
import type { Metrics, OrderChannel } from './index';
import { refusalReason } from './refusals';

/** The label of a request no route took (the API's JSON 404). */
export const UNMATCHED_ROUTE = 'unmatched';
/** The route that places a new order (online and at a kiosk): server/routes/orders.ts. */
export const PLACE_ORDER_ROUTE = '/api/v1/shops/:id/orders';

/**
 * The pattern of the route that answered: the handler that ran last, or when a middleware answered
 * for it (a body too large, a key replayed), the route the request was going to; `unmatched` when
 * only the catch-all took it. Middleware and the catch-all are registered for every method ('ALL').
 */
export function routeLabel(c: Context): string {
  const routes = matchedRoutes(c);
  const answered = routes[c.req.routeIndex];
  if (answered && answered.method !== 'ALL') return answered.path;
  return routes.find((r) => r.method !== 'ALL')?.path ?? UNMATCHED_ROUTE;
}

export function httpMetrics(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const route = routeLabel(c);
      const labels = { method: c.req.method, route, status: String(c.res.status) };
      metrics.http.requests.inc(labels);
      metrics.http.duration.observe(labels, (performance.now() - started) / 1000);
      countOutcome(c, metrics, route);
    }
  };
}

function countOutcome(c: Context<AppEnv>, metrics: Metrics, route: string): void {
  if (c.res.headers.get(IDEMPOTENT_REPLAYED_HEADER) === 'true') {
    // The first answer again: nothing new happened (the order or confirmation was counted then).
    metrics.idempotentReplays.inc({ route });
    return;
  }
  if (route !== PLACE_ORDER_ROUTE || c.req.method !== 'POST') return;
  const channel: OrderChannel = c.get('auth')?.totem ? 'kiosk' : 'online';
  const { status } = c.res;
  if (status === 201) metrics.ordersPlaced.inc({ channel });
  else if (status >= 400) metrics.ordersRefused.inc({ channel, reason: refusalReason(status, c.error) });
}
