// Runs the real `npm start` entry point as a child process, for tests of the process itself.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../../server/db/client';

export interface StartedServer {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  output(): string;
}

export async function startProduct(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<StartedServer> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(projectRoot, 'scripts/start.ts')], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SKIP_BUILD: '1', DATABASE_URL: '', ...env },
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('listening on')) {
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
