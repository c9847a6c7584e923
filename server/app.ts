// The reference booking API as a Hono app, mounted under `/api` by the product server and by tests.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ApiError } from './http/errors';
import { HashingBusyError } from './auth/passwords';
import { apiBodyLimit } from './http/body-limit';
import { refuseControlBytesInPath } from './http/control-bytes';
import { apiSecurityHeaders } from './http/security-headers';
import { httpMetrics } from './metrics/http';
import { metricsRoutes } from './metrics/route';
import { requestLogging } from './http/request-log';
import { isDatabaseBusy } from './db/pglite-queue';
import { databaseFault } from './db/errors';
import { requestCut } from './http/connection-cap';
import { log } from './log';
import { localeFromHeader, translator } from './http/locale';
import type { AppDeps, AppEnv } from './http/context';
import { resolveAuth } from './auth/middleware';
import { healthRoutes } from './routes/health';
import { authRoutes } from './routes/auth';
import { catalogueRoutes } from './routes/catalogue';
import { orderRoutes } from './routes/orders';
import { voucherRoutes } from './routes/vouchers';
import { mediaRoutes } from './routes/medias';
import { peopleRoutes } from './routes/people';
import { userMediaRoutes } from './routes/user-medias';
import { couponRoutes } from './routes/coupons';
import { fidelityCardRoutes } from './routes/fidelity-cards';
import { productRoutes } from './routes/products';
import { pathwayRoutes } from './routes/pathways';
import { staffRoutes } from './routes/staff/index';
import { paymentRoutes } from './routes/payments';
import { stripeWebhookRoutes } from './routes/stripe-webhook';
import { bookingRequestRoutes } from './routes/booking-requests';
import { docsRoutes } from './openapi/serve';

export type { AppDeps, AppEnv } from './http/context';

/** Seconds a client is told to wait after a 503 "busy". */
const BUSY_RETRY_AFTER_S = 5;
/** Seconds a client is told to wait while PostgreSQL cannot be reached (a restart takes a few). */
const DATABASE_DOWN_RETRY_AFTER_S = 5;

export function createApi(deps: AppDeps): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  // First, so the request id and the request's logger cover every other middleware and route.
  api.use('*', requestLogging(deps.trustProxy));
  // Every request, by route pattern and status, with its latency and the business events it tells.
  api.use('*', httpMetrics(deps.metrics));
  api.use('*', apiSecurityHeaders);
  api.use('*', async (c, next) => {
    const locale = localeFromHeader(c.req.header('content-language'));
    c.set('deps', deps);
    c.set('locale', locale);
    c.set('t', translator(locale));
    c.set('auth', await resolveAuth(deps, c.req.header('authorization')));
    await next();
  });
  // A control byte in a path parameter is an unknown resource (404), never a failed query.
  api.use('*', refuseControlBytesInPath);
  // Before any route reads a body: tens of KB for JSON and forms, the upload routes keep their own.
  api.use('*', apiBodyLimit);
  api.route('/', healthRoutes);
  api.route('/', metricsRoutes);
  api.route('/', authRoutes);
  api.route('/', catalogueRoutes);
  api.route('/', orderRoutes);
  api.route('/', voucherRoutes);
  api.route('/', mediaRoutes);
  api.route('/', peopleRoutes);
  api.route('/', userMediaRoutes);
  api.route('/', couponRoutes);
  api.route('/', fidelityCardRoutes);
  api.route('/', productRoutes);
  api.route('/', pathwayRoutes);
  api.route('/', staffRoutes);
  api.route('/', paymentRoutes);
  api.route('/', stripeWebhookRoutes);
  api.route('/', bookingRequestRoutes);
  // The OpenAPI document of all the above and its reference page (server/openapi).
  api.route('/', docsRoutes);

  // Last route: unknown API paths answer JSON here instead of falling through to the static site
  // (a mounted sub-app's notFound handler is not consulted by the parent app).
  api.all('*', (c) => c.json({ message: c.get('t')('api.notFound') }, 404));

  // Never leak a stack trace: known errors are translated, anything else is logged and hidden.
  api.onError((err, c) => {
    const t = c.get('t') ?? translator('it');
    // The password hashing queue is full (server/auth/passwords.ts): retry once it has drained.
    if (err instanceof HashingBusyError) return c.json({ message: t(err.key) }, 503, { 'retry-after': String(err.retryAfterS) });
    if (err instanceof ApiError) {
      const message = t(err.key, err.params);
      // 422, and any refusal naming a field (a 429 upload quota), carry `errors`.
      if (err.status === 422 || Object.keys(err.fields).length > 0) {
        const errors = Object.fromEntries(
          Object.entries(err.fields).map(([field, list]) => [field, list.map((m) => t(m.key, m.params))]),
        );
        const first = Object.values(errors)[0]?.[0];
        return c.json({ message: err.key === 'api.invalidData' && first ? first : message, errors }, err.status);
      }
      return c.json({ message }, err.status);
    }
    if (err instanceof HTTPException) {
      if (err.status === 413) return c.json({ message: t('api.tooLarge') }, 413);
      return c.json({ message: err.message }, err.status);
    }
    // The embedded database did not give this request its turn in time; nothing was changed.
    if (isDatabaseBusy(err)) return c.json({ message: t('api.busy') }, 503, { 'retry-after': String(BUSY_RETRY_AFTER_S) });
    // PostgreSQL is down or restarting: the pool reconnects by itself once it answers again. The
    // driver's error quotes the SQL: the log gets its cause (one short line per request), the
    // client a message.
    // The body's read failed because the client is gone, not the database (server/http/connection-cap.ts).
    if (requestCut(c)) {
      log().info('request cut before its body arrived (client gone or REQUEST_TIMEOUT_S): not answered');
      return c.body(null, 400);
    }
    const fault = databaseFault(err);
    if (fault) {
      log().warn({ cause: fault }, 'database unavailable: answered 503');
      return c.json({ message: t('api.databaseUnavailable') }, 503, { 'retry-after': String(DATABASE_DOWN_RETRY_AFTER_S) });
    }
    log().error({ err }, 'unhandled error: answered 500');
    return c.json({ message: t('api.internal') }, 500);
  });
  return api;
}

/** The whole HTTP surface of the API: everything under `/api`. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.route('/api', createApi(deps));
  return app;
}
