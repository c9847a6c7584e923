// The product's static server (server/static.ts serveDist over the built dist/) with its file lookup
// failing for two routes — what a broken disk or a permission error gives — for
// tests/e2e/error-page.spec.ts, which starts it as its own process (`node --import tsx`: it loads the
// server's i18n JSON, which the Playwright runner cannot import) and reads its port on stdout.
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { resolveStatic, serveDist } from '~server/static';
import { splitLocale } from '~/domain/locale-path';

/** The town page fails in every language. */
const FAILING = (urlPath: string) => /^\/noleggi\/sestriere\/?$/.test(splitLocale(urlPath).path);
const UNEXPECTED = /^\/noleggi\/sanremo\/?$/;
const MAINTENANCE = 'Manutenzione straordinaria: torniamo alle 15:00';

const app = new Hono().use(
  '*',
  serveDist(path.resolve('dist'), {
    resolve: async (root, urlPath) => {
      if (FAILING(urlPath)) throw new HTTPException(503, { message: MAINTENANCE });
      if (UNEXPECTED.test(urlPath)) throw new Error(`EIO: i/o error, read ${root}${urlPath}index.html`);
      return resolveStatic(root, urlPath);
    },
  }),
);
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
