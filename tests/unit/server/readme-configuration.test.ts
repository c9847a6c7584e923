// README.md's "Configuration" tables against what reads the variables: the server's schema
// (server/config.ts), the site build's (src/env-schema.mjs, astro:env) and the tests' tooling
// below. A variable missing from the tables, one the tables list that nothing knows, or a
// documented default other than the code's fails here; so does a module that reads the
// environment on its own instead of through those.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '~server/config';
import { projectRoot } from '~server/db/client';
import { envSchema } from '~/env-schema.mjs';

/** Variables only tests and tools read: the file that reads each, and its default there. */
const TOOLING: Record<string, { file: string; default?: string }> = {
  TEST_DATABASE_URL: { file: 'tests/support/databases.ts' },
  CHROMIUM_PATH: { file: 'tests/e2e/browser.ts', default: '/usr/bin/chromium' },
  E2E_PORT: { file: 'playwright.config.ts', default: '4399' },
  E2E_DATA_DIR: { file: 'playwright.config.ts' },
};

/** Each variable's default as its owner has it (undefined: none, or one that depends on others). */
function knownDefaults(): Map<string, (string | undefined)[]> {
  const known = new Map<string, (string | undefined)[]>();
  const add = (name: string, value: unknown) => known.set(name, [...(known.get(name) ?? []), value === undefined ? undefined : String(value)]);
  const serverDefaults: Record<string, unknown> = ConfigSchema.parse({});
  for (const name of Object.keys(ConfigSchema.shape)) add(name, serverDefaults[name]);
  for (const [name, field] of Object.entries(envSchema)) add(name, 'default' in field ? field.default : undefined);
  for (const [name, tool] of Object.entries(TOOLING)) add(name, tool.default);
  return known;
}

/** The tables' rows: each variable with its documented default (undefined unless a literal `value`). */
function documented(): Map<string, string | undefined> {
  const readme = readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Configuration\n'), readme.indexOf('\n## ', readme.indexOf('\n## Configuration\n') + 1));
  const rows = new Map<string, string | undefined>();
  for (const line of section.split('\n')) {
    const row = /^\| (`[A-Z0-9_]+`(?:, `[A-Z0-9_]+`)*) \| (.+?) \| /.exec(line);
    if (!row) continue;
    const names = [...row[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!);
    // Literal defaults, one per variable: "`10`, `30`, `10`"; anything else ("unset", "on unless …") is none.
    const literals = /^`[^`]*`(?:, `[^`]*`)*$/.test(row[2]!) ? [...row[2]!.matchAll(/`([^`]*)`/g)].map((m) => m[1]) : null;
    if (literals) expect(literals, line).toHaveLength(names.length);
    names.forEach((name, i) => {
      expect(rows.has(name), `${name} is in the tables twice`).toBe(false);
      rows.set(name, literals?.[i]);
    });
  }
  return rows;
}

describe("README.md's configuration tables", () => {
  it('list every variable the server, the build and the tooling read, and only those', () => {
    const tables = [...documented().keys()].sort();
    expect(tables).toEqual([...knownDefaults().keys()].sort());
  });

  it('give each variable the default the code has', () => {
    const known = knownDefaults();
    for (const [name, value] of documented()) {
      for (const fromCode of known.get(name) ?? []) expect(value, name).toBe(fromCode);
    }
  });

  it("name tooling variables their files still read, with the defaults they use", () => {
    for (const [name, tool] of Object.entries(TOOLING)) {
      const source = readFileSync(path.join(projectRoot, tool.file), 'utf8');
      expect(source, `${tool.file} reads ${name}`).toContain(name);
      if (tool.default) expect(source, `${tool.file}'s default for ${name}`).toContain(tool.default);
    }
  });
});

describe('reading the environment', () => {
  /** Who may: the server's configuration, and the build and tooling variables where they are used. */
  const READERS = new Set(['server/config.ts', 'src/seo/offers.ts', 'scripts/e2e.ts']);
  const files = (dir: string): string[] =>
    readdirSync(path.join(projectRoot, dir), { withFileTypes: true }).flatMap((entry) => {
      const file = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) return files(file);
      return /\.(ts|tsx|mjs|astro)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
    });

  it('happens in server/config.ts (server), through astro:env (site), or where a tooling variable is used', () => {
    const offenders = ['server', 'scripts', 'src'].flatMap(files).filter((file) => {
      const source = readFileSync(path.join(projectRoot, file), 'utf8');
      // Passing the whole environment on to a child process (`...process.env`) reads nothing.
      const readsProcessEnv = /(?<!\.\.\.)process\.env\b/.test(source) && !READERS.has(file);
      return readsProcessEnv || /import\.meta\.env\.PUBLIC_/.test(source);
    });
    expect(offenders).toEqual([]);
  });
});
