// Comments, test names and READMEs say why, not which issue asked for a change: an issue number
// means nothing to the engineer reading the code a year later, and the issue tracker may be gone.
// Applied migrations keep theirs: they are history, and changing them would change what ran.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '~server/db/client';

const ROOTS = ['src', 'server', 'tests', 'scripts', 'bench', 'seo-data', 'i18n'];
const TEXT = /\.(ts|tsx|mts|mjs|cjs|astro|css|md|json|sql)$/;
const SKIP = /(^|\/)(node_modules|dist|__screenshots__|fixtures)(\/|$)|^server\/db\/migrations\//;

function files(dir: string): string[] {
  return readdirSync(path.join(projectRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (SKIP.test(file)) return [];
    if (entry.isDirectory()) return files(file);
    return TEXT.test(entry.name) ? [file] : [];
  });
}

describe('the code names no issue number', () => {
  it('in comments, test names and READMEs (migrations excepted)', () => {
    const rootFiles = readdirSync(projectRoot).filter((name) => /\.(md|ts|mjs|cjs)$/.test(name));
    const offenders = [...rootFiles, ...ROOTS.flatMap(files)].flatMap((file) =>
      readFileSync(path.join(projectRoot, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\bissues? #\d+/i.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});
