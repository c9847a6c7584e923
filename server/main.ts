// The product server: the reference API under `/api` and the prebuilt site, on one port.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { createApi, type AppEnv } from './app';
import { createDeps } from './deps';
import { openDatabase, projectRoot, type Database } from './db/client';
import { seed } from './db/seed/index';
import { serveDist } from './static';

export interface ServerOptions {
  port?: number;
  host?: string;
  databaseUrl?: string;
  /** Data folder: the embedded database in `db/`, uploads, the mail outbox. */
  dataDir?: string;
  distDir?: string;
  smtpUrl?: string;
}

export interface RunningServer {
  url: string;
  database: Database;
  close(): Promise<void>;
}

export const defaultDataFolder = path.join(projectRoot, '.data');

export async function prepareDatabase(options: Pick<ServerOptions, 'databaseUrl' | 'dataDir'>) {
  const dataDir = options.dataDir ?? defaultDataFolder;
  const database = await openDatabase({ url: options.databaseUrl, dataDir: path.join(dataDir, 'db') });
  await database.migrate();
  const seeded = await seed(database.db);
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
  app.route('/api', createApi(deps));
  app.use('*', serveDist(options.distDir ?? path.join(projectRoot, 'dist')));

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 4321, hostname: options.host ?? '0.0.0.0' }, () =>
      resolve(s),
    );
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    database,
    close: () =>
      (closing ??= new Promise<void>((resolve) => server.close(() => resolve())).then(() => database.close())),
  };
}

export function serverOptionsFromEnv(env = process.env): ServerOptions {
  return {
    port: Number(env.PORT ?? 4321),
    host: env.HOST,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ? path.resolve(env.DATA_DIR) : defaultDataFolder,
    smtpUrl: env.SMTP_URL || undefined,
  };
}
