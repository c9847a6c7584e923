// API only, for `npm run dev` (the Astro dev server serves the pages and proxies `/api` here).
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadConfigOrExit } from './config';
import { prepareDatabase } from './main';
import { createDeps } from './deps';

const config = loadConfigOrExit();
const { database } = await prepareDatabase(config, { createInChild: true });
const deps = await createDeps({ database, config });
const server = serve({ fetch: createApp(deps).fetch, port: config.apiPort, hostname: '127.0.0.1' });
// The local Pusher-protocol endpoint shares the API's port, as under `npm start`.
deps.realtime.attach?.(server as unknown as import('node:http').Server);
console.log(`[dev] API on http://127.0.0.1:${config.apiPort}/api (${database.driver})`);

const stop = () => server.close(() => void deps.realtime.close().then(() => database.close()).then(() => process.exit(0)));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
