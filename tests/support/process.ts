// Runs the real `npm start` entry point as a child process, for tests of the process itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '~server/db/client';

export interface StartedServer {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  output(): string;
}

/** scripts/start.ts under tsx: what most process tests start (no bundling, node's own heap cap unless `nodeArgs` says). */
export async function startProduct(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<StartedServer> {
  return started([...nodeArgs, '--import', 'tsx', path.join(projectRoot, 'scripts/start.ts')], dataDir, port, env);
}

/**
 * Exactly what `npm start` runs (package.json's script: the node flags, scripts/launch.mjs's bundle),
 * for what only it sets up: the heap cap, the server without the TypeScript loader.
 */
export async function startNpmStart(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  { keepOutput = true }: { keepOutput?: boolean } = {},
): Promise<StartedServer> {
  const scripts = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const [command, ...args] = scripts.start!.split(/\s+/);
  if (command !== 'node') throw new Error(`npm start runs "${command}", not node: startNpmStart cannot run it`);
  return started(args, dataDir, port, env, keepOutput);
}

/**
 * `npm run start:cluster -- --workers N` (scripts/start-cluster.ts through tsx): N workers on one
 * port, resolved once each of them listens. The cluster hands each new connection to the next
 * worker in turn.
 */
export async function startCluster(dataDir: string, port: number, env: Record<string, string>, workers: number): Promise<StartedServer> {
  return started(['--import', 'tsx', path.join(projectRoot, 'scripts/start-cluster.ts'), '--workers', String(workers)], dataDir, port, env, true, workers);
}

/**
 * `keepOutput` false: what the server writes once it listens is read and dropped (a benchmark's
 * millions of request lines). `listeners`: how many "listening on" lines mean started (a cluster's workers).
 */
async function started(args: string[], dataDir: string, port: number, env: Record<string, string>, keepOutput = true, listeners = 1): Promise<StartedServer> {
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SKIP_BUILD: '1', DATABASE_URL: '', ...env },
  });
  let output = '';
  let listening = false;
  const keep = (d: Buffer) => {
    if (keepOutput || !listening) output += d;
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.split('listening on').length > listeners) {
        listening = true;
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited early:\n${output}`));
    });
  });
  return { child, url: `http://localhost:${port}`, exited, output: () => output };
}
