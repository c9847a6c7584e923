import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4399);
// Every run starts the real product server on a fresh embedded database.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
// Test workers inherit it: they read the server's mail outbox (e.g. the reset code).
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  timeout: 60_000,
  // Islands load data after hydration; 2 cores shared with the server under test can be slow.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    // The root page follows the browser language once; tests browse as an Italian visitor.
    locale: 'it-IT',
    launchOptions: {
      // Debian's Chromium; `playwright install` cannot download browsers on these machines.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node --import tsx scripts/start.ts',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '' },
    stdout: 'pipe',
  },
});
