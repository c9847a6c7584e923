// `npm run start:cluster -- --workers 2`: N API processes (node:cluster) on one port and one
// PostgreSQL. Each worker is an ordinary `npm start` process; the cluster module hands
// incoming connections to them in turn. What they must agree on goes through the database
// (server/cluster/*). The embedded database serves one process only, so DATABASE_URL is required.
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { projectRoot } from '../server/db/client';
import { loadConfigOrExit } from '../server/config';
import { buildSite, isDistStale } from './build-if-stale';
import { aggregateWorkerMetrics } from '../server/metrics/cluster';
import { configureLogger, logger } from '../server/log';
import { SHUTDOWN_DRAIN_MS } from '../server/http/drain';

/** A worker that dies is started again, unless workers die this often (a crash loop). */
const MAX_RESTARTS_PER_MINUTE = 5;
/** Each worker drains its requests (SHUTDOWN_DRAIN_MS) then closes: the primary waits a little longer. */
const STOP_TIMEOUT_MS = SHUTDOWN_DRAIN_MS + 10_000;

// Checked here, before any worker: each would stop on it, and the primary would restart them in a loop.
const config = loadConfigOrExit();
configureLogger({ level: config.logLevel });
const { values } = parseArgs({ options: { workers: { type: 'string', short: 'w' } }, allowPositionals: false });
const workers = z.coerce.number().int().min(1).max(64).safeParse(values.workers ?? availableParallelism());
if (!workers.success) {
  logger.fatal('--workers must be a whole number from 1 to 64');
  process.exit(2);
}
if (!config.databaseUrl) {
  logger.fatal('DATABASE_URL is required: several API processes share one PostgreSQL. The embedded database (PGlite) serves a single process: use `npm start` for it.');
  process.exit(1);
}
if (!config.skipBuild && isDistStale(projectRoot, config.siteUrl)) {
  logger.info(`dist/ is missing, older than the sources or built for another address: building the site for ${config.siteUrl}…`);
  buildSite(projectRoot, config.siteUrl);
}

const env: Record<string, string> = { SKIP_BUILD: '1' };
// The local realtime endpoint signs subscriptions with PUSHER_SECRET: every worker must use the same.
if (config.realtime.driver === 'local' && !config.realtime.secret) env.PUSHER_SECRET = randomBytes(32).toString('hex');

// Each worker runs `npm start`'s file beside this one (the bundle scripts/launch.mjs made, or the
// TypeScript source under tsx) with this process's node flags: the same heap cap.
const ownFile = process.argv[1]!;
cluster.setupPrimary({ exec: path.join(path.dirname(ownFile), path.basename(ownFile).replace('start-cluster', 'start')) });
// A scrape reaches one worker (they share the port): that worker asks here for every worker's metrics, summed.
aggregateWorkerMetrics();
let stopping = false;
const restarts: number[] = [];

function fork(index: number) {
  // One payment-terminal simulator per machine: the first worker runs it.
  const worker = cluster.fork({ ...env, ...(index === 0 ? {} : { POS_PORT: '0' }), CLUSTER_WORKER: String(index) });
  worker.on('exit', (code, signal) => {
    if (stopping) return;
    const now = Date.now();
    restarts.push(now);
    while (restarts.length && restarts[0]! < now - 60_000) restarts.shift();
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      logger.fatal({ worker: index, exit: signal ?? code }, 'workers keep dying: stopping');
      void stop('crash loop', 1);
      return;
    }
    logger.warn({ worker: index, workerPid: worker.process.pid, exit: signal ?? code }, 'worker exited: starting another');
    fork(index);
  });
}

for (let i = 0; i < workers.data; i++) fork(i);
logger.info({ workers: workers.data }, `${workers.data} API processes on one PostgreSQL`);

async function stop(reason: string, code = 0) {
  if (stopping) return;
  stopping = true;
  logger.info({ reason }, 'stopping the workers: each finishes its requests in flight');
  setTimeout(() => {
    logger.error('workers not stopped in time: exiting anyway');
    process.exit(1);
  }, STOP_TIMEOUT_MS).unref();
  const all = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
  await Promise.all(
    all.map(
      (w) =>
        new Promise<void>((resolve) => {
          if (w.isDead()) return resolve();
          w.once('exit', () => resolve());
          w.process.kill('SIGTERM');
        }),
    ),
  );
  logger.info('cluster stopped');
  process.exit(code);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
