// Imports by name: past one '../', a module is imported by the name of its root ('~/domain/dates',
// '~server/config'; tsconfig.json "paths", README.md "Imports"). ESLint refuses a new deep import in
// the files it lints; the scan below covers every source file, .astro components included, which
// ESLint does not read.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '~server/db/client';

const ROOTS = ['src', 'server', 'tests', 'scripts', 'bench', 'seo-data'];
/** Files whose deep imports are examples in strings, for the checks to find. */
const EXAMPLES = new Set(['tests/unit/architecture/imports-by-name.test.ts', 'tests/unit/architecture/dependency-rules.test.ts']);
const SOURCE = /\.(ts|tsx|mts|cts|mjs|cjs|js|astro)$/;
/** A static import or re-export, import(), vi.mock() or require() of a path climbing two or more folders. */
const DEEP = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|importActual)(?:<[^>()]*>)?\(\s*|\brequire\(\s*)(['"])(?:\.\.\/){2,}[^'"]*\1/g;

function sources(dir: string): string[] {
  return readdirSync(path.join(projectRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return /^(node_modules|dist|\.astro)$/.test(entry.name) ? [] : sources(file);
    return SOURCE.test(entry.name) ? [file] : [];
  });
}

describe('imports by name', () => {
  it('no source file imports past one ../', () => {
    const files = ROOTS.flatMap(sources).filter((file) => !EXAMPLES.has(file));
    expect(files.length).toBeGreaterThan(500);
    const deep = files.flatMap((file) => [...readFileSync(path.join(projectRoot, file), 'utf8').matchAll(DEEP)].map((m) => `${file}: ${m[0]}`));
    expect(deep).toEqual([]);
  });

  it('the scan finds what it is meant to find', () => {
    const found = (text: string) => [...text.matchAll(DEEP)].length;
    expect(found("import { a } from '../../domain/a';")).toBe(1);
    expect(found("export * from '../../../api/contract/orders';")).toBe(1);
    expect(found("const m = await import('../../stores/cart');")).toBe(1);
    expect(found("vi.mock('../../server/config');")).toBe(1);
    expect(found("import '../../styles/app.css';")).toBe(1);
    expect(found("import { a } from '../a';\nimport { b } from '~/domain/b';\nimport c from 'react';")).toBe(0);
  });

  it.each([
    ['src/features/customer/booking/stores/cart.ts', 'src/domain/dates.ts'],
    ['src/domain/dates.ts', 'server/config.ts'],
    ['server/orders/places.ts', 'src/api/contract/orders.ts'],
  ])('ESLint refuses a deep relative import in %s and takes the same by name', async (file, target) => {
    const eslint = new ESLint({ cwd: projectRoot });
    const relativePath = path.posix.relative(path.posix.dirname(file), target).replace(/\.ts$/, '');
    const [deep] = await eslint.lintText(`import { x } from '${relativePath}';\nexport const y = x;\n`, { filePath: path.join(projectRoot, file) });
    expect(deep!.messages.map((m) => m.ruleId)).toEqual(['no-restricted-imports']);
    const alias = target.startsWith('src/') ? `~/${target.slice(4)}` : `~${target}`;
    const [byName] = await eslint.lintText(`import { x } from '${alias.replace(/\.ts$/, '')}';\nexport const y = x;\n`, { filePath: path.join(projectRoot, file) });
    expect(byName!.messages.filter((m) => m.ruleId === 'no-restricted-imports')).toEqual([]);
  });
});
