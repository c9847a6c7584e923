// GET /api/metrics: Prometheus's text format, for a scraper on this machine or one holding
// METRICS_TOKEN (access.ts); everyone else gets the API's ordinary 404, as for any unknown path.
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { log } from '../log';
import { mayReadMetrics } from './access';

export const METRICS_PATH = '/metrics';

export const metricsRoutes = new Hono<AppEnv>().get(METRICS_PATH, async (c) => {
  const { metrics, trustProxy, metricsToken } = c.get('deps');
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const caller = {
    forwardedFor: c.req.header('x-forwarded-for'),
    socketAddress: incoming?.socket?.remoteAddress,
    authorization: c.req.header('authorization'),
  };
  if (!mayReadMetrics(caller, { trustProxy, token: metricsToken })) return c.json({ message: c.get('t')('api.notFound') }, 404);
  try {
    const { contentType, body } = await metrics.scrape();
    return c.body(body, 200, { 'content-type': contentType, 'cache-control': 'no-store' });
  } catch (err) {
    // A cluster whose primary or a worker did not answer (cluster.ts): this scrape fails, the next may not.
    log().warn({ err }, 'metrics scrape failed');
    return c.json({ message: 'metrics unavailable, try again' }, 503);
  }
});
