// What the browser parses is written with zod/mini: its functional API lets the bundler
// keep only the checks the contract uses, where classic zod ships whole (26 KB gzip on every booking
// screen). One module under src/ importing classic 'zod' would bring it all back, so none may;
// server-only code under server/ keeps classic zod for its own schemas. tests/site/bundle.test.ts
// checks the same on the built scripts.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SRC = join(ROOT, 'src');

/** The zod entry points a module under src/ may import: mini and the core it is built on. */
const ALLOWED_ZOD = new Set(['zod/mini', 'zod/v4/mini', 'zod/v4-mini', 'zod/v4/core']);

function listModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listModules(path);
    return /\.(ts|tsx|mts|js|mjs|astro)$/.test(entry.name) && !/\.test\.[a-z]+$/.test(entry.name) ? [path] : [];
  });
}

/** The module specifiers a source text imports or re-exports (static, dynamic, type-only). */
function importedSpecifiers(fileName: string, text: string): string[] {
  // An .astro file's imports are in its frontmatter and its <script> tags, which parse as TypeScript.
  const code = fileName.endsWith('.astro')
    ? [...text.matchAll(/^---\n([\s\S]*?)\n---|<script\b[^>]*>([\s\S]*?)<\/script>/gm)].map((m) => m[1] ?? m[2]).join('\n')
    : text;
  const source = ts.createSourceFile(fileName.replace(/\.astro$/, '.ts'), code, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteralLike(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push(arg.text);
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteralLike(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The zod entry points of a source text that are not zod/mini (or its core). */
function classicZodImports(fileName: string, text: string): string[] {
  return importedSpecifiers(fileName, text).filter((s) => /^zod(\/|$)/.test(s) && !ALLOWED_ZOD.has(s));
}

describe('src/ parses with zod/mini only', () => {
  const modules = listModules(SRC);

  it('no module under src/ imports classic zod', () => {
    const offending = modules.flatMap((file) =>
      classicZodImports(file, readFileSync(file, 'utf8')).map((s) => `${relative(ROOT, file)} imports '${s}'`),
    );
    expect(offending).toEqual([]);
  });

  it('looked at the modules that use zod: the contract and the stores import zod/mini', () => {
    const usingMini = modules
      .filter((file) => importedSpecifiers(file, readFileSync(file, 'utf8')).includes('zod/mini'))
      .map((file) => relative(ROOT, file));
    expect(usingMini).toContain('src/api/contract/fields.ts');
    expect(usingMini).toContain('src/api/contract/orders.ts');
    expect(usingMini).toContain('src/stores/configuration.ts');
  });

  it.each([
    "import { z } from 'zod';",
    "import * as z from 'zod';",
    "import type { z } from 'zod';",
    "export { z } from 'zod';",
    "const z = await import('zod');",
    "type S = import('zod').ZodString;",
    "import { z } from 'zod/v4';",
    "import { z } from 'zod/v3';",
  ])('flags %s', (code) => {
    expect(classicZodImports(join(SRC, 'sample.ts'), code)).not.toEqual([]);
  });

  it('flags classic zod in the frontmatter of an .astro page', () => {
    const page = "---\nimport { z } from 'zod';\nconst s = z.string();\n---\n<p>{s.parse('a')}</p>\n";
    expect(classicZodImports(join(SRC, 'pages/sample.astro'), page)).toEqual(['zod']);
  });

  it.each([
    "import * as z from 'zod/mini';",
    "import type * as z from 'zod/mini';",
    "import { core } from 'zod/v4/core';",
    "// import { z } from 'zod' in a comment\nconst a = 1;",
    "const name = 'zod';",
    "import { zodResolver } from './zod-resolver';",
  ])('does not flag %s', (code) => {
    expect(classicZodImports(join(SRC, 'sample.ts'), code)).toEqual([]);
  });
});
