// The import boundaries of .dependency-cruiser.cjs hold on imports by name ('~/stores/cart',
// '~server/config'), not only on relative ones: dependency-cruiser resolves a name through
// tsconfig.json's "paths" before its rules match the path. A small tree written to a temporary
// folder, with the project's own rules and tsconfig.json beside it, breaks three rules by name.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '~server/db/client';

interface Violation {
  from: string;
  to: string;
  unresolvedTo: string;
  rule: { name: string };
}

const depcruise = (outputType: string) =>
  spawnSync(path.join(projectRoot, 'node_modules/.bin/depcruise'), ['src', 'server', '--config', '.dependency-cruiser.cjs', '--output-type', outputType], {
    cwd: dir,
    encoding: 'utf8',
  });

const TREE: Record<string, string> = {
  'src/stores/cart.ts': 'export const cart = 1;\n',
  'src/domain/price.ts': "import { cart } from '~/stores/cart';\nexport const price = cart;\n",
  'src/features/kiosk/board/board.ts': 'export const board = 2;\n',
  'src/features/customer/booking/booking.ts': "import { board } from '~/features/kiosk/board/board';\nexport const booking = board;\n",
  'server/config.ts': 'export const config = 3;\n',
  'src/api/client.ts': "import { config } from '~server/config';\nexport const client = config;\n",
  // A relative import, checked as before.
  'src/features/customer/account/account.ts': "import { board } from '../../kiosk/board/board';\nexport const account = board;\n",
};

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'depcruise-'));
  for (const [file, text] of Object.entries(TREE)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  copyFileSync(path.join(projectRoot, '.dependency-cruiser.cjs'), path.join(dir, '.dependency-cruiser.cjs'));
  copyFileSync(path.join(projectRoot, 'tsconfig.json'), path.join(dir, 'tsconfig.json'));
  // tsconfig.json extends Astro's, read from node_modules.
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(dir, 'node_modules'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("dependency-cruiser's rules on imports by name", () => {
  it('refuses a forbidden import written with a name, as it refuses a relative one', () => {
    const { summary } = JSON.parse(depcruise('json').stdout) as { summary: { violations: Violation[] } };
    const found = summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to} (${v.unresolvedTo})`).sort();
    expect(found).toEqual([
      'browser-not-server: src/api/client.ts → server/config.ts (~server/config)',
      'domain-is-pure: src/domain/price.ts → src/stores/cart.ts (~/stores/cart)',
      'features-apart: src/features/customer/account/account.ts → src/features/kiosk/board/board.ts (../../kiosk/board/board)',
      'features-apart: src/features/customer/booking/booking.ts → src/features/kiosk/board/board.ts (~/features/kiosk/board/board)',
    ]);
    // As `npm run lint:deps` reports them: the run fails.
    const lint = depcruise('err');
    expect(lint.status).not.toBe(0);
    expect(lint.stdout).toContain('domain-is-pure: src/domain/price.ts → src/stores/cart.ts');
  });
});
