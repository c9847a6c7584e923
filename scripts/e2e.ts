// `npm run test:e2e`: Playwright against Debian's Chromium, with a clear message when it is missing.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../server/db/client';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `[e2e] Chromium not found at ${chromium}. Install Debian's build with:\n` +
      '    apt-get update && apt-get install -y chromium\n' +
      '(never `playwright install`: it downloads a browser, which these machines cannot do).',
  );
  process.exit(1);
}
const result = spawnSync(path.join(projectRoot, 'node_modules/.bin/playwright'), ['test', ...process.argv.slice(2)], {
  cwd: projectRoot,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
