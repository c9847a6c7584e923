// How the end-to-end tests launch the browser; playwright.config.ts and specs that need a variant
// (tests/e2e/back-forward.spec.ts) share it.
import type { LaunchOptions } from '@playwright/test';

export const launchOptions: LaunchOptions = {
  // Debian's Chromium; `playwright install` cannot download browsers on these machines.
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // `--accept-lang` matches the contexts' `locale: 'it-IT'`: Playwright's locale reaches the page's
  // own requests only, and the browser's link prefetches went out as en-US, so `/` redirected them to
  // `/en/` and stored `i18n_redirected=en` (server/http/root-language.ts) in the middle of a test.
  args: ['--no-sandbox', '--accept-lang=it-IT', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};
