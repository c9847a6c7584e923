// API only, for `npm run dev` (the Astro dev server serves the pages and proxies `/api` here).
import { serve } from '@hono/node-server';
import pretty from 'pino-pretty';
import { createApp } from './app';
import { loadConfigOrExit } from './config';
import { prepareDatabase } from './main';
import { createDeps } from './deps';
import { configureLogger, logger } from './log';

/** `npm run dev` prints the log lines for a person: colours, local time, one line each. */
const PRETTY = { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid', singleLine: true };

const config = loadConfigOrExit();
configureLogger({ level: config.logLevel, destination: pretty(PRETTY) });
const { database } = await prepareDatabase(config, { createInChild: true });
const deps = await createDeps({ database, config });
const server = serve({ fetch: createApp(deps).fetch, port: config.apiPort, hostname: '127.0.0.1' });
// The local Pusher-protocol endpoint shares the API's port, as under `npm start`.
deps.realtime.attach?.(server as unknown as import('node:http').Server);
logger.info({ driver: database.driver }, `API on http://127.0.0.1:${config.apiPort}/api`);

const stop = () => server.close(() => void deps.realtime.close().then(() => database.close()).then(() => process.exit(0)));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
