// How the end-to-end tests launch the browser; playwright.config.ts and specs that need a variant
// (tests/e2e/back-forward.spec.ts) share it.
import type { LaunchOptions } from '@playwright/test';

export const launchOptions: LaunchOptions = {
  // Debian's Chromium; `playwright install` cannot download browsers on these machines.
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};
