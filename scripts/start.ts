// `npm start`: build the site if needed, migrate and seed the database, serve site + API on one port.
import { projectRoot } from '../server/db/client';
import { loadConfigOrExit } from '../server/config';
import { startServer } from '../server/main';
import { exitOnDataDirError } from '../server/db/data-dir';
import { buildSite, isDistStale } from './build-if-stale';

// First: a wrong variable stops here (exit 2), before a build or the database.
const config = loadConfigOrExit();
if (!config.skipBuild && isDistStale(projectRoot)) {
  console.log('[start] dist/ is missing or older than the sources: building the site…');
  buildSite(projectRoot);
}

// A data folder that cannot be used stops here with what to do (exit 1), not a stack trace.
const server = await exitOnDataDirError(startServer(config));
console.log(`[start] storefront and API listening on ${server.url} (API at ${server.url}/api)`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[start] ${signal}: closing the server and the database…`);
  // If something holds the process (a hung connection), do not wait forever.
  setTimeout(() => process.exit(1), 10_000).unref();
  await server.close();
  console.log('[start] closed cleanly');
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
