// The first pairing code of a production kiosk (issue #11): server/cli/pairing-code.ts prints a
// one-time code that pairs the kiosk once, with the demo codes off.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { answer } from '../support/contract';
import { PairResponseSchema } from '../../src/api/contract/staff';
import { openDatabase, projectRoot } from '../../server/db/client';
import { createDeps } from '../../server/deps';
import { createApp } from '../../server/app';
import { totemOf } from '../support/staff';

const cli = (dataDir: string, totem: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'server/cli/pairing-code.ts'), totem], {
    cwd: projectRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });

describe('pairing-code CLI', () => {
  it('prints a one-time code for a kiosk that pairs it once where the demo codes are off', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pairing-cli-'));
    try {
      const run = cli(dataDir, 'bard-03');
      expect(run.status).toBe(0);
      const code = /^BARD-03: ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}) \(until /m.exec(run.stdout)?.[1];
      expect(code).toBeDefined();

      const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
      try {
        const deps = await createDeps({ database, dataDir, demoPairingCodes: false });
        const app = createApp(deps);
        const pair = (value: string) =>
          app.request('/api/v1/pair', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: value }) });
        expect((await pair(totemOf('BARD-03').pairingCode)).status).toBe(422);
        const first = await pair(code!);
        expect(first.status).toBe(200);
        expect((await answer(first, PairResponseSchema)).data.code).toBe('BARD-03');
        expect((await pair(code!)).status).toBe(422);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
