// `npm run totem` as an operator runs it, in its own process (server/cli/totem.ts; its commands are
// tested against a database in kiosk-credentials-cli.test.ts): on a production database, which has
// no kiosk, it makes the shop's first one and a one-time code that pairs it once; a wrong
// PAIRING_CODE_TTL_MINUTES stops it before the database opens.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { answer } from '../support/contract';
import { PairResponseSchema } from '~/api/contract/staff';
import { openDatabase, projectRoot } from '~server/db/client';
import { createDeps } from '~server/deps';
import { testConfig } from '../support/config';
import { createApp } from '~server/app';
import { totemOf } from '../support/staff';

const cli = (dataDir: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'server/cli/totem.ts'), ...args], {
    cwd: projectRoot,
    // Production: no demo kiosk is seeded, the published codes pair nothing.
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production', DEMO_DATA: '', PASSWORD_HASH_COST: '', ...env },
    encoding: 'utf8',
  });

describe('npm run totem', () => {
  it("makes a production shop's first kiosk and a one-time code that pairs it once", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'totem-cli-'));
    try {
      const wrongTtl = cli(dataDir, ['pairing-code', 'BARD-09'], { PAIRING_CODE_TTL_MINUTES: 'soon' });
      expect(wrongTtl.status).toBe(2);
      expect(wrongTtl.stderr).toContain('PAIRING_CODE_TTL_MINUTES');
      expect(cli(dataDir, ['pairing-code', 'BARD-03']).stderr).toContain('no kiosk BARD-03');

      const created = cli(dataDir, ['create', 'bard-09', '--shop', 'bardonecchia-sport-rent', '--type', '30']);
      expect(created.status, created.stderr).toBe(0);
      expect(created.stdout).toMatch(/^BARD-09: configuration password [A-Z0-9]{4}(-[A-Z0-9]{4}){3} /m);
      const run = cli(dataDir, ['pairing-code', 'bard-09']);
      expect(run.status, run.stderr).toBe(0);
      const code = /^BARD-09: pairing code ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}) \(until /m.exec(run.stdout)?.[1];
      expect(code).toBeDefined();

      const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
      try {
        const deps = await createDeps({ database, config: testConfig({ dataDir, demoData: false }) });
        const app = createApp(deps);
        const pair = (value: string) =>
          app.request('/api/v1/pair', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: value }) });
        expect((await pair(totemOf('BARD-03').pairingCode)).status).toBe(422);
        const first = await pair(code!);
        expect(first.status).toBe(200);
        expect((await answer(first, PairResponseSchema)).data.code).toBe('BARD-09');
        expect((await pair(code!)).status).toBe(422);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
