// `npm start`: build the site if needed, migrate and seed the database, serve site + API on one port.
// scripts/launch.mjs runs this file bundled, with the heap cap; tests run it with tsx.
import { getHeapStatistics } from 'node:v8';
import { projectRoot } from '../server/db/client';
import { loadConfigOrExit } from '../server/config';
import { PortInUseError, startServer } from '../server/main';
import { exitOnDataDirError } from '../server/db/data-dir';
import { buildSite, isDistStale } from './build-if-stale';
import { configureLogger, logger } from '../server/log';
import { SHUTDOWN_DRAIN_MS } from '../server/http/drain';
import { demoModeNotice } from '../server/db/seed/demo';

/** After the drain, what closing the rest may take (timers, sockets, the database's last write). */
const CLOSE_MARGIN_MS = 5_000;

// First: a wrong variable stops here (exit 2), before a build or the database.
const config = loadConfigOrExit();
configureLogger({ level: config.logLevel });
if (!config.skipBuild && isDistStale(projectRoot, config.siteUrl)) {
  logger.info(`dist/ is missing, older than the sources or built for another address: building the site for ${config.siteUrl}…`);
  buildSite(projectRoot, config.siteUrl);
}

// A data folder that cannot be used, or a port already taken, stops here with what to do (exit 1),
// not a stack trace.
const server = await exitOnDataDirError(startServer(config)).catch((err: unknown) => {
  if (!(err instanceof PortInUseError)) throw err;
  console.error(err.message);
  process.exit(1);
});
// The stop is wired before the server says it listens: whoever waits for that line (a supervisor,
// a test) may send SIGTERM at once, and a signal with no handler yet would kill the process
// without closing the database.
let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal, drainMs: SHUTDOWN_DRAIN_MS }, 'stopping: no new connections, requests in flight finish, then the database closes');
  // If something holds the process past the drain (a hung close), do not wait forever.
  setTimeout(() => {
    logger.error('not closed in time: exiting anyway');
    process.exit(1);
  }, SHUTDOWN_DRAIN_MS + CLOSE_MARGIN_MS).unref();
  try {
    await server.close();
  } catch (err) {
    logger.error({ err }, 'a part failed to close (the database was closed last regardless)');
    process.exit(1);
  }
  logger.info('closed cleanly');
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
// Started by scripts/launch.mjs (or a cluster's primary): when that process is gone, even killed,
// its channel closes and this server stops rather than run on unsupervised.
if (process.send) process.on('disconnect', () => void stop('parent process gone'));

const BYTES_PER_MB = 1024 * 1024;
// The cap node was started with (HEAP_LIMIT_MB through scripts/launch.mjs, or node's own default).
const heapLimitMb = Math.round(getHeapStatistics().heap_size_limit / BYTES_PER_MB);
logger.info({ heapLimitMb }, `storefront and API listening on ${server.url} (API at ${server.url}/api)`);
if (config.demoData) for (const line of demoModeNotice(server.url)) logger.info(line);
