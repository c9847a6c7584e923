// The product server: the reference API under `/api` and the prebuilt site, on one port.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { createApi, type AppEnv } from './app';
import { createDeps } from './deps';
import { spawnSync } from 'node:child_process';
import { isFreshDataDir, openDatabase, projectRoot, type Database } from './db/client';
import { checkDataDir, DataDirError, unusableDataDir } from './db/data-dir';
import { seed } from './db/seed/index';
import { serveDist } from './static';
import { rootLanguageRedirect } from './http/root-language';
import { startCoordination } from './cluster/index';
import { scrapeThroughPrimary } from './metrics/cluster';
import { startMailWorker } from './mail/mailer';
import { underStartupLock } from './cluster/startup-lock';
import { siteSecurityHeaders } from './http/security-headers';
import { startPosSimulator, type PosSimulator } from './pos/simulator';
import { kioskStartNotices } from './staff/kiosks';
import { retireDemoData } from './db/seed/demo';
import { demoPosUrl } from './db/seed/kiosk';
import { childProcessEnv, type Config } from './config';
import { logger } from './log';
import { Drain, SHUTDOWN_DRAIN_MS } from './http/drain';
import { capRequestsPerAddress, capSocketsPerAddress } from './http/connection-cap';
import { protectDataDir } from './private-files';

export interface RunningServer {
  url: string;
  /** The payment-terminal simulator, when it runs. */
  posUrl: string | null;
  database: Database;
  close(): Promise<void>;
}

/**
 * Creating a PGlite database runs initdb in a second WebAssembly instance whose memory stays with
 * the process (measured: RSS 857 MB after creating vs 334 MB after reopening). So a fresh data
 * folder is created, migrated and seeded by a short-lived child process, and the server only
 * ever opens an existing one.
 */
function initialiseInChild(dataDir: string): void {
  // The child reads the same environment, so the same configuration, with this data folder.
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'server/cli/seed.ts')], {
    cwd: projectRoot,
    env: childProcessEnv({ DATA_DIR: dataDir, DATABASE_URL: '' }),
    stdio: 'inherit',
  });
  // The child has said why (a DataDirError's message, or its own failure) on the shared output.
  if (result.status !== 0) throw new DataDirError(path.join(dataDir, 'db'), `could not be created (exit ${result.status}, see above)`, 'Check the path (DATA_DIR), its permissions and the free disk space.');
}

/**
 * Opens, migrates and seeds the configured database. `createInChild`: a long-lived process (the
 * server) has a fresh embedded database created by a child (above); a command that exits soon
 * creates it itself.
 */
export async function prepareDatabase(
  config: Pick<Config, 'databaseUrl' | 'namedStatements' | 'dataDir' | 'demoData' | 'passwordHashing' | 'pos'>,
  { createInChild = false }: { createInChild?: boolean } = {},
) {
  const dbDir = path.join(config.dataDir, 'db');
  let initialised = false;
  // Before the fresh-folder test: a file in the folder's place, or a damaged folder without its
  // PG_VERSION, must stop here rather than look like a first start.
  if (!config.databaseUrl) checkDataDir(dbDir);
  if (!config.databaseUrl && createInChild && isFreshDataDir(dbDir)) {
    initialiseInChild(config.dataDir);
    initialised = true;
  }
  const database = await openDatabase({ url: config.databaseUrl ?? undefined, dataDir: dbDir, namedStatements: config.namedStatements });
  const prepared = await underStartupLock(database, async () => {
    await database.migrate();
    const now = new Date();
    const posUrl = config.pos.port ? demoPosUrl(config.pos.port) : undefined;
    const seeded = (await seed(database.db, now, { demo: config.demoData, passwordHashing: config.passwordHashing, demoPosUrl: posUrl })) || initialised;
    // Outside demo mode, whatever demo records a database first used in demo mode still holds lose
    // their power before the first request: their passwords and codes are published.
    const retired = config.demoData ? [] : await retireDemoData(database.db, now);
    return { seeded, retired };
  }).catch(async (err: unknown) => {
    // PGlite opened the folder but a damaged table aborts its WebAssembly backend on first read.
    if (database.driver !== 'pglite' || !(err instanceof WebAssembly.RuntimeError)) throw err;
    await database.close().catch(() => undefined);
    throw unusableDataDir(dbDir, err);
  });
  return { database, ...prepared };
}

/** `npm start`: the API and the prebuilt site on `config.port`, with the terminal simulator. */
export async function startServer(config: Config): Promise<RunningServer> {
  privateDataDir(config.dataDir);
  const { database, seeded, retired } = await prepareDatabase(config, { createInChild: true });
  logger.info({ driver: database.driver }, seeded ? 'database migrated and seeded' : 'database migrated, seed already applied');
  for (const line of retired) logger.warn(line);
  const app = new Hono<AppEnv>();
  const deps = await createDeps({ database, config });
  // A worker of `npm run start:cluster` answers a scrape with the whole cluster's metrics.
  scrapeThroughPrimary(deps.metrics);
  if (config.stripe) {
    logger.info(
      config.stripe.replacesSimulator
        ? 'online payments: Stripe Checkout (STRIPE_SECRET_KEY set), in place of the simulated payment page'
        : 'online payments: Stripe Checkout (STRIPE_SECRET_KEY set)',
    );
  } else if (deps.paymentSimulator && config.production) {
    logger.warn('PAYMENT_SIMULATOR=1 in production: the simulated payment page marks orders paid for anyone who clicks');
  } else if (!deps.paymentSimulator) logger.info('no payment provider (STRIPE_* unset, simulated page off): online payment answers 503 "pay at the shop"');
  // A production database starts with no kiosk (the demo ones exist only in demo mode): say how to make one.
  for (const line of await kioskStartNotices(database.db)) logger.info(line);
  // First: once a stop has begun, a request on a connection still open is refused before anything runs.
  const drain = new Drain();
  app.use('*', drain.middleware);
  // Behind a proxy the sockets are all the proxy's: the cap counts each forwarded client's requests.
  if (config.trustProxy > 0) app.use('*', capRequestsPerAddress(config.clients.connectionsPerAddress, config.trustProxy));
  app.route('/api', createApi(deps));
  app.use('*', siteSecurityHeaders(config.frameAncestors));
  app.use('*', rootLanguageRedirect());
  app.use('*', serveDist(path.join(projectRoot, 'dist')));

  const server = await listen(app, config).catch(async (err: unknown) => {
    // No timer, worker or socket has started yet (coordination and mail come after); PGlite's folder
    // is released for the next start.
    await database.close().catch(() => undefined);
    throw err;
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  // The local Pusher-protocol endpoint shares the port: ws://host:port/app/{key}.
  deps.realtime.attach?.(server as Server);
  const pos = config.pos.port ? await startPos(config.pos) : null;
  // Timers that fire once; on PostgreSQL also the cache, realtime and notifications shared with
  // other API processes on the same database.
  const coordination = await startCoordination(deps);
  // Sends what waits in the mail outbox (this process's share of it), with retries.
  const stopMail = startMailWorker({ db: database.db, outboxDir: path.join(config.dataDir, 'outbox'), smtpUrl: config.smtpUrl ?? undefined, limits: config.mail });
  if (coordination.bus && config.realtime.driver === 'local' && !config.realtime.secret) {
    logger.warn('PostgreSQL without PUSHER_SECRET: set the same secret on every API process, or realtime subscriptions signed by one are refused by another');
  }
  let closing: Promise<void> | undefined;
  return {
    url,
    posUrl: pos?.url ?? null,
    database,
    close: () =>
      (closing ??= (async () => {
        try {
          // No new connection from here (idle keep-alive ones are closed too); requests in flight go on.
          const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
          if (!(await drain.drain(SHUTDOWN_DRAIN_MS))) {
            logger.warn({ requestsInFlight: drain.requestsInFlight, drainMs: SHUTDOWN_DRAIN_MS }, 'requests still running after the drain: cut');
          }
          // Open WebSockets and held terminal requests would keep server.close() waiting.
          await coordination.close();
          // Mails being handed to SMTP finish before the database goes (else one taken by the server
          // but not marked sent goes out again after its lease), within the stop's margin.
          await Promise.all([stopMail(), deps.mailer.close()]);
          await deps.realtime.close();
          await pos?.close();
          (server as Server).closeAllConnections();
          await stopped;
        } finally {
          // Last, and whatever failed before: PGlite writes its data folder on close; a request
          // still writing would find it gone.
          await database.close();
        }
      })()),
  };
}

/**
 * Customers' documents, mails and database readable by the server's user only, however the folder
 * was made (server/private-files.ts). A folder the server may not chmod (another user's) is said in
 * one line, not a stop: the database's own check says what stops a start.
 */
function privateDataDir(dataDir: string): void {
  try {
    const changed = protectDataDir(dataDir);
    if (changed > 0) logger.info({ changed }, `${dataDir}: folders made 0700 and files 0600 (readable by this user only)`);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException | null)?.code;
    logger.warn({ code }, `${dataDir} could not be made private (chmod 700 it and its folders, chmod 600 the files in uploads/ and outbox/)`);
  }
}

/** The product's port is taken: the entry point says so in one line, without a stack trace. */
export class PortInUseError extends Error {
  constructor(host: string, port: number) {
    super(`[server] Port ${port} on ${host} is already in use (another npm start, or another program).\n  Stop that one, or start on another port: PORT=<port> npm start.`);
    this.name = 'PortInUseError';
  }
}

/** Node checks the timeouts below on a timer of its own (30 s by default, as long as the timeouts themselves). */
const TIMEOUT_CHECKS_PER_TIMEOUT = 4;
const MIN_TIMEOUT_CHECK_MS = 250;
const MAX_TIMEOUT_CHECK_MS = 5000;

function listen(app: Hono<AppEnv>, config: Pick<Config, 'port' | 'host' | 'clients' | 'trustProxy'>): Promise<ServerType> {
  const { requestTimeoutMs, headersTimeoutMs, connectionsPerAddress } = config.clients;
  const checkMs = Math.min(MAX_TIMEOUT_CHECK_MS, Math.max(MIN_TIMEOUT_CHECK_MS, Math.round(headersTimeoutMs / TIMEOUT_CHECKS_PER_TIMEOUT)));
  return new Promise((resolve, reject) => {
    const refuse = (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' ? new PortInUseError(config.host, config.port) : err);
    // A request whose headers or body trickle in is answered 408 and closed once its time is up.
    const serverOptions = { requestTimeout: requestTimeoutMs, headersTimeout: headersTimeoutMs, connectionsCheckingInterval: checkMs };
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host, serverOptions }, () => {
      // Listening: a later server error is not this start's to swallow.
      s.off('error', refuse);
      resolve(s);
    });
    s.once('error', refuse);
    if (config.trustProxy === 0) capSocketsPerAddress(s as Server, connectionsPerAddress);
  });
}

/** A port already taken (another `npm start`) leaves the product running without the simulator. */
async function startPos(options: Config['pos']): Promise<PosSimulator | null> {
  try {
    const pos = await startPosSimulator(options);
    logger.info(`payment-terminal simulator on ${pos.url} (POST /process, POST /control)`);
    return pos;
  } catch (err) {
    logger.warn({ err }, `payment-terminal simulator not started on port ${options.port}`);
    return null;
  }
}
