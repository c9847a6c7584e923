// The reference booking API as a Hono app, mounted under `/api` by the product server and by tests.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Database } from './db/client';
import { healthRoutes } from './routes/health';

export interface AppDeps {
  database: Database;
}

export type AppEnv = { Variables: { deps: AppDeps } };

export function createApi(deps: AppDeps): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  api.route('/', healthRoutes);

  // Last route: unknown API paths answer JSON here instead of falling through to the static site
  // (a mounted sub-app's notFound handler is not consulted by the parent app).
  api.all('*', (c) => c.json({ message: 'Not found' }, 404));
  // Never leak a stack trace: log it here, answer a generic message.
  api.onError((err, c) => {
    if (err instanceof HTTPException) return c.json({ message: err.message }, err.status);
    console.error('[api]', err);
    return c.json({ message: 'Internal server error' }, 500);
  });
  return api;
}

/** The whole HTTP surface of the API: everything under `/api`. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.route('/api', createApi(deps));
  return app;
}
