// Several real API processes (`npm start`) on one throwaway PostgreSQL database, for the tests and
// the cluster benchmark. `remote(url)` speaks to one of them over HTTP with the same `request`
// the in-process TestApi has, so the JSON helpers of tests/support work against it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestApi } from './app';
import { requestInit, type TestRequestInit } from './request';
import { startCluster, startNpmStart, startProduct, type StartedServer } from './process';
import { throwawayDatabase } from './throwaway-database';
import { freePort } from './free-port';

export interface ClusterDatabase {
  url: string;
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  dispose(): Promise<void>;
}

/** A new empty database on the server of `adminUrl`; the processes migrate and seed it. */
export async function clusterDatabase(adminUrl: string): Promise<ClusterDatabase> {
  const throwaway = await throwawayDatabase(adminUrl, 'cluster');
  const pool = new pg.Pool({ connectionString: throwaway.url, max: 2 });
  // An idle client the server drops (a restart, a connection reset) is an 'error' on the pool; with
  // no listener it would end the test run or the benchmark. The next query opens a new one.
  pool.on('error', () => undefined);
  return {
    url: throwaway.url,
    query: async (text, values) => (await pool.query(text, values)).rows,
    async dispose() {
      await pool.end();
      await throwaway.drop();
    },
  };
}

export interface ApiProcess extends StartedServer {
  port: number;
  dataDir: string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts a server (`start(dataDir, port, env)`) on the database in a fresh data folder and port,
 * without the terminal simulator; `stop` ends it and removes the folder.
 */
async function startOnDatabase(databaseUrl: string, env: Record<string, string>, start: (dataDir: string, port: number, env: Record<string, string>) => Promise<StartedServer>): Promise<ApiProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cluster-api-'));
  const port = await freePort();
  const server = await start(dataDir, port, { DATABASE_URL: databaseUrl, POS_PORT: '0', ...env });
  return {
    ...server,
    port,
    dataDir,
    async stop(signal = 'SIGTERM') {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill(signal);
        await server.exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts one API process on the database (no build, no terminal simulator): the server's sources
 * through tsx, or with `asNpmStart` exactly as `npm start` runs it (the bundle, the heap cap), its
 * request log read and dropped, as a benchmark wants it.
 */
export function startApiProcess(databaseUrl: string, env: Record<string, string> = {}, { asNpmStart = false } = {}): Promise<ApiProcess> {
  return startOnDatabase(databaseUrl, env, (dataDir, port, serverEnv) =>
    asNpmStart ? startNpmStart(dataDir, port, serverEnv, { keepOutput: false }) : startProduct(dataDir, port, serverEnv),
  );
}

/**
 * `npm run start:cluster` with `workers` workers on one port and the database (no build, no
 * terminal simulator). `remote(url, { newConnection: true })` reaches the workers in turn.
 */
export function startClusterProcess(databaseUrl: string, env: Record<string, string> = {}, workers = 2): Promise<ApiProcess> {
  return startOnDatabase(databaseUrl, env, (dataDir, port, serverEnv) => startCluster(dataDir, port, serverEnv, workers));
}

/** An API process reached over HTTP, shaped like TestApi for the helpers that only send requests. */
export function remote(url: string, { newConnection = false } = {}): TestApi {
  const api = {
    request(target: string, init?: TestRequestInit) {
      const request = requestInit(init);
      // A connection of its own, closed after the answer: behind start:cluster the next request reaches the next worker.
      if (newConnection) (request.headers as Headers).set('connection', 'close');
      return fetch(`${url}${target}`, { ...request, redirect: 'manual' });
    },
  };
  return api as unknown as TestApi;
}

/** Polls `probe` until it returns true; resolves with the milliseconds it took, rejects after `ms`. */
export async function within(ms: number, probe: () => Promise<boolean>, intervalMs = 10): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await probe()) return performance.now() - started;
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
