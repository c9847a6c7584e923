import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { launchOptions } from './tests/e2e/browser';

const port = Number(process.env.E2E_PORT ?? 4399);
const E2E_ORDER_LIMITS = { ORDERS_PER_EMAIL_PER_DAY: '100000', ORDERS_PER_ADDRESS_PER_HOUR: '100000', ORDER_MAILS_PER_RECIPIENT_PER_DAY: '100000' };
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
    // Debian's Chromium (tests/e2e/browser.ts).
    launchOptions,
    trace: 'retain-on-failure',
    // A paired kiosk registers a service worker (src/features/kiosk/offline), and page.route does
    // not see the requests a worker makes: the specs that cut the API with page.route run without
    // it; tests/e2e/kiosk-offline.spec.ts allows it.
    serviceWorkers: 'block',
  },
  webServer: {
    command: 'node --import tsx scripts/start.ts',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    // The suites place many orders from 127.0.0.1, mostly with one e-mail: the abuse limits
    // (server/README.md "Abuse") are raised for them; tests/api/order-limits.test.ts covers them.
    // Warnings and errors only: a line per request (thousands in a run) buried the failures in CI's log.
    env: { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn', ...E2E_ORDER_LIMITS },
    stdout: 'pipe',
  },
});
