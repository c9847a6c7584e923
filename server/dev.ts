// API only, for `npm run dev` (the Astro dev server serves the pages and proxies `/api` here).
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { defaultDataFolder, prepareDatabase, serverOptionsFromEnv } from './main';
import { createDeps } from './deps';

const port = Number(process.env.API_PORT ?? 4322);
const options = serverOptionsFromEnv();
const { database } = await prepareDatabase(options);
const deps = await createDeps({ database, dataDir: options.dataDir ?? defaultDataFolder, smtpUrl: options.smtpUrl });
const server = serve({ fetch: createApp(deps).fetch, port, hostname: '127.0.0.1' });
// The local Pusher-protocol endpoint shares the API's port, as under `npm start`.
deps.realtime.attach?.(server as unknown as import('node:http').Server);
console.log(`[dev] API on http://127.0.0.1:${port}/api (${database.driver})`);

const stop = () => server.close(() => void deps.realtime.close().then(() => database.close()).then(() => process.exit(0)));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
