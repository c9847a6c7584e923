// A PostgreSQL server of a test's own (initdb + pg_ctl in a temporary folder, trust auth, loopback
// only, a free port), so a test can stop and start it without touching the shared one. initdb
// refuses to run as root: as root the server runs as the `postgres` system user (runuser).
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** Resolves once the server is down; the test's requests go on meanwhile. */
  stop(): Promise<void>;
  /** Resolves once the server accepts connections. */
  start(): Promise<void>;
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
}

const execFileAsync = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The newest installed server's bin folder, or null (the test is then skipped). */
export function postgresBinaries(): string | null {
  if (!existsSync(POSTGRES_ROOT)) return null;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((v) => existsSync(path.join(POSTGRES_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(POSTGRES_ROOT, versions[0], 'bin') : null;
}

function systemUser(name: string): { uid: number; gid: number } | null {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, name]).toString().trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
}

export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const root = userInfo().uid === 0;
  const owner = root ? systemUser('postgres') : null;
  if (root && !owner) throw new Error('running as root without a postgres system user: cannot run initdb');
  const dir = mkdtempSync(path.join(tmpdir(), 'fault-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const run = async (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    if (owner) await execFileAsync('runuser', ['-u', 'postgres', '--', command, ...args], { cwd: dir });
    else await execFileAsync(command, args, { cwd: dir });
  };
  await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  // Loopback only, its socket in its own folder, no fsync: a throwaway server.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=50`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '30', 'start']);
  // `fast`: open sessions are ended and what they were doing is rolled back, as a restart does.
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    async destroy() {
      await stop().catch(() => undefined); // already stopped
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
