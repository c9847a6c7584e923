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
import { seed } from './db/seed/index';
import { serveDist } from './static';
import { rootLanguageRedirect } from './http/root-language';
import { startCoordination } from './cluster/index';
import { underStartupLock } from './cluster/startup-lock';
import { frameAncestorsFromEnv, siteSecurityHeaders } from './http/security-headers';
import { startPosSimulator, type PosSimulator } from './pos/simulator';
import { kioskStartNotices } from './staff/kiosks';
import { PosFailureSchema, type PosFailure } from '../src/api/contract/pos';

export interface ServerOptions {
  port?: number;
  host?: string;
  databaseUrl?: string;
  /** Data folder: the embedded database in `db/`, uploads, the mail outbox. */
  dataDir?: string;
  distDir?: string;
  smtpUrl?: string;
  /** Port of the payment-terminal simulator (issue #7); absent or 0: not started. */
  posPort?: number;
  posDelayMs?: number;
  posFailure?: PosFailure | null;
  /** Partner origins that may frame the site (`framed` mode); default `FRAME_ANCESTORS`. */
  frameAncestors?: string[];
  /** Address the terminal simulator listens on: loopback unless POS_HOST says otherwise. */
  posHost?: string;
}

export interface RunningServer {
  url: string;
  /** The payment-terminal simulator, when it runs. */
  posUrl: string | null;
  database: Database;
  close(): Promise<void>;
}

export const defaultDataFolder = path.join(projectRoot, '.data');

/**
 * Creating a PGlite database runs initdb in a second WebAssembly instance whose memory stays with
 * the process (measured: RSS 857 MB after creating vs 334 MB after reopening). So a fresh data
 * folder is created, migrated and seeded by a short-lived child process, and the server only
 * ever opens an existing one.
 */
function initialiseInChild(dataDir: string): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'server/cli/seed.ts')], {
    cwd: projectRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_IN_PROCESS: '1' },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`database initialisation failed (exit ${result.status})`);
}

export async function prepareDatabase(options: Pick<ServerOptions, 'databaseUrl' | 'dataDir'>) {
  const dataDir = options.dataDir ?? defaultDataFolder;
  const dbDir = path.join(dataDir, 'db');
  let initialised = false;
  if (!options.databaseUrl && process.env.INIT_IN_PROCESS !== '1' && isFreshDataDir(dbDir)) {
    initialiseInChild(dataDir);
    initialised = true;
  }
  const database = await openDatabase({ url: options.databaseUrl, dataDir: dbDir });
  const seeded = await underStartupLock(database, async () => {
    await database.migrate();
    return (await seed(database.db)) || initialised;
  });
  return { database, seeded };
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const { database, seeded } = await prepareDatabase(options);
  console.log(
    seeded
      ? `[db] ${database.driver}: migrated and seeded`
      : `[db] ${database.driver}: migrated, seed already applied`,
  );
  const app = new Hono<AppEnv>();
  const deps = await createDeps({ database, dataDir: options.dataDir ?? defaultDataFolder, smtpUrl: options.smtpUrl });
  if (deps.paymentSimulator && process.env.NODE_ENV === 'production') {
    console.warn('[payments] PAYMENT_SIMULATOR=1 in production: the simulated payment page marks orders paid for anyone who clicks');
  } else if (!deps.paymentSimulator) console.log('[payments] simulated payment page off: online payment answers 503 until a provider is wired');
  // A production database starts with no kiosk (the demo ones exist only in demo mode): say how to make one.
  for (const line of await kioskStartNotices(database.db, deps.demoPairingCodes)) console.log(line);
  app.route('/api', createApi(deps));
  app.use('*', siteSecurityHeaders(options.frameAncestors ?? frameAncestorsFromEnv()));
  app.use('*', rootLanguageRedirect());
  app.use('*', serveDist(options.distDir ?? path.join(projectRoot, 'dist')));

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 4321, hostname: options.host ?? '0.0.0.0' }, () =>
      resolve(s),
    );
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  // The local Pusher-protocol endpoint shares the port: ws://host:port/app/{key}.
  deps.realtime.attach?.(server as Server);
  const pos = options.posPort ? await startPos(options) : null;
  // Timers that fire once; on PostgreSQL also the cache, realtime and notifications shared with
  // other API processes on the same database (issue #15).
  const coordination = await startCoordination(deps);
  if (coordination.bus && deps.realtime.driver === 'local' && !process.env.PUSHER_SECRET) {
    console.warn('[realtime] PostgreSQL without PUSHER_SECRET: set the same secret on every API process, or subscriptions signed by one are refused by another');
  }
  let closing: Promise<void> | undefined;
  return {
    url,
    posUrl: pos?.url ?? null,
    database,
    close: () =>
      (closing ??= (async () => {
        // Open WebSockets and held terminal requests would keep server.close() waiting.
        await coordination.close();
        await deps.realtime.close();
        await pos?.close();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await database.close();
      })()),
  };
}

/**
 * The terminal simulator takes payments and its /control injects failures: it listens on loopback
 * (the demo's kiosk browser runs on the same machine); POS_HOST opens it to a shop's network.
 */
export const POS_SIMULATOR_HOST = '127.0.0.1';

/** A port already taken (another `npm start`) leaves the product running without the simulator. */
async function startPos(options: ServerOptions): Promise<PosSimulator | null> {
  try {
    const pos = await startPosSimulator({ port: options.posPort, host: options.posHost ?? POS_SIMULATOR_HOST, delayMs: options.posDelayMs, failure: options.posFailure });
    console.log(`[pos] payment-terminal simulator on ${pos.url} (POST /process, POST /control)`);
    return pos;
  } catch (err) {
    console.warn(`[pos] payment-terminal simulator not started on port ${options.posPort}: ${(err as Error).message}`);
    return null;
  }
}

export function serverOptionsFromEnv(env = process.env): ServerOptions {
  const failure = PosFailureSchema.safeParse(env.POS_FAILURE);
  return {
    posPort: Number(env.POS_PORT ?? 4323),
    posHost: env.POS_HOST || undefined,
    posDelayMs: env.POS_DELAY_MS ? Number(env.POS_DELAY_MS) : undefined,
    posFailure: failure.success ? failure.data : null,
    port: Number(env.PORT ?? 4321),
    host: env.HOST,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ? path.resolve(env.DATA_DIR) : defaultDataFolder,
    smtpUrl: env.SMTP_URL || undefined,
  };
}
