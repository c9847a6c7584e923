// `npm run start:cluster`: the workers share one port, so a scrape lands on any one of them; it must
// answer for the whole cluster (server/metrics/cluster.ts). Requests spread over two real workers
// (a new connection each: the cluster hands connections out in turn) are all counted in every
// scrape, whichever worker takes it. Without the aggregation each worker would report its own share.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { projectRoot } from '~server/db/client';
import { clusterDatabase } from '../support/cluster';
import { freePort } from '../support/free-port';

const pgUrl = process.env.TEST_DATABASE_URL;
const REQUESTS = 6;
const SCRAPES = 4;

/** A GET on a connection of its own (no keep-alive: the next one may reach the other worker). */
function get(port: number, pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, agent: false, headers: { connection: 'close' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

const sitesCount = (text: string) =>
  [...text.matchAll(/^http_requests_total\{[^}]*route="\/api\/v2\/sites"[^}]*\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);

describe('metrics of npm run start:cluster', () => {
  it.skipIf(!pgUrl)('answer every scrape with the requests of all the workers, summed', async () => {
    const database = await clusterDatabase(pgUrl!);
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'metrics-cluster-'));
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'scripts/start-cluster.ts'), '--workers', '2'], {
      cwd: projectRoot,
      env: { ...process.env, SKIP_BUILD: '1', POS_PORT: '0', DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await vi.waitFor(() => expect(output.match(/listening on/g)).toHaveLength(2), { timeout: 90_000, interval: 200 });
      for (let i = 0; i < REQUESTS; i++) expect((await get(port, '/api/v2/sites')).status).toBe(200);
      const counts: number[] = [];
      for (let i = 0; i < SCRAPES; i++) {
        const scrape = await get(port, '/api/metrics');
        expect(scrape.status).toBe(200);
        counts.push(sitesCount(scrape.body));
      }
      expect(counts).toEqual(Array<number>(SCRAPES).fill(REQUESTS));
    } finally {
      child.kill('SIGTERM');
      await exited;
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
