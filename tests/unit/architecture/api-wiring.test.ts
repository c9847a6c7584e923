// The browser's wiring points one way and the stores keep no hidden state: src/api imports no
// store and no feature (the stores make the page's client, src/stores/api.ts, and hand it to the
// request functions), so no import goes round in a circle; a store loads code on demand only to
// keep it out of a page's first scripts; and a store with timers, requests in flight or a cache is
// made by a factory, so nothing of it lives at module level where a test could only reset it by hand.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importTarget } from '~tests/support/import-paths';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const parse = (file: string) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** Every module a file imports: statically, re-exported, or with import(). */
function importsOf(file: string): { specifier: string; dynamic: boolean }[] {
  const found: { specifier: string; dynamic: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, dynamic: false });
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0]!)) {
      found.push({ specifier: (node.arguments[0] as ts.StringLiteral).text, dynamic: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return found;
}

const target = importTarget;

/** The stores: app-wide ones and each feature's. */
const storeFiles = () => [
  ...listSources(join(ROOT, 'src/stores')),
  ...listSources(join(ROOT, 'src/features')).filter((file) => relative(ROOT, file).split('/').includes('stores')),
];

describe('the wiring', () => {
  it('src/api imports no store and no feature', () => {
    const wrong = listSources(join(ROOT, 'src/api')).flatMap((file) =>
      importsOf(file)
        .map(({ specifier }) => target(file, specifier))
        .filter((to) => to.startsWith('src/stores') || to.startsWith('src/features'))
        .map((to) => `${relative(ROOT, file)} → ${to}`),
    );
    expect(wrong).toEqual([]);
  });

  it('a store loads code on demand only to cut it out of a page’s first scripts', () => {
    // Each one with its reason; anything else is imported as usual.
    const onDemand: Record<string, string> = {
      'src/stores/api-loader.ts → src/stores/api': 'the API client, until a request is made',
      'src/features/kiosk/shared/stores/shop-channel.ts → pusher-js': "the realtime client, after the first paint of the screens that follow the shop's channel",
      'src/features/customer/checkout/stores/checkout.ts → src/features/customer/checkout/stores/send-order':
        "the order's sending (its schemas, form encoding and key), fetched after the checkout's first paint",
    };
    const found = storeFiles().flatMap((file) =>
      importsOf(file)
        .filter(({ dynamic }) => dynamic)
        .map(({ specifier }) => `${relative(ROOT, file)} → ${target(file, specifier)}`),
    );
    expect(found.sort()).toEqual(Object.keys(onDemand).sort());
  });
});

describe('the stores', () => {
  /**
   * Module-level `let`, and module-level maps and sets (but read-only ones, a constant such as the
   * statuses a store treats alike): state a page cannot see and a test cannot make afresh.
   */
  function hiddenState(file: string): string[] {
    const source = parse(file);
    return source.statements.flatMap((statement) => {
      if (!ts.isVariableStatement(statement)) return [];
      const list = statement.declarationList;
      return list.declarations.flatMap((declaration) => {
        const name = declaration.name.getText(source);
        if (list.flags & ts.NodeFlags.Let) return [`${relative(ROOT, file)}: let ${name}`];
        const init = declaration.initializer;
        const readOnly = declaration.type?.getText(source).startsWith('Readonly') ?? false;
        if (init && !readOnly && ts.isNewExpression(init) && /^(Map|Set|WeakMap|WeakSet)$/.test(init.expression.getText(source))) return [`${relative(ROOT, file)}: ${name}`];
        return [];
      });
    });
  }

  it('keep no timer, request in flight or cache at module level: a factory makes them', () => {
    expect(storeFiles().flatMap(hiddenState)).toEqual([]);
  });

  it('translate nothing: they pass message keys (notify, a stored terminal failure, "no answer") that components say', () => {
    const translating = storeFiles()
      .filter((file) => importsOf(file).some(({ specifier }) => target(file, specifier) === 'src/i18n/client'))
      .map((file) => relative(ROOT, file));
    expect(translating).toEqual([]);
  });

  it('export nothing for tests only (a test makes a fresh instance instead)', () => {
    const resets = storeFiles().filter((file) => /export (async )?function \w*ForTests\b/.test(readFileSync(file, 'utf8')));
    expect(resets.map((file) => relative(ROOT, file))).toEqual([]);
  });
});
