// src/domain must stay pure: no UI framework, no browser globals, no network, no app state, so it
// runs unchanged in Astro at build time, in islands, in the API server and in Node tests.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importTarget } from '~tests/support/import-paths';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DOMAIN = join(ROOT, 'src/domain');

// Mirrors the src/domain block of eslint.config.js, so the rule holds even where lint is skipped.
const FORBIDDEN_GLOBALS = new Set([
  'fetch',
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'DOMParser',
  'navigator',
  'XMLHttpRequest',
]);
const FORBIDDEN_PACKAGES = /^(react|react-[^/]+|astro|@astrojs\/[^/]+|nanostores|@nanostores\/[^/]+)(\/.*)?$|^astro:|^node:/;
const FORBIDDEN_FOLDERS = ['src/components', 'src/stores', 'src/pages'];

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listSources(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && !/\.test\.[a-z]+$/.test(entry.name) ? [path] : [];
  });
}

function isForbiddenImport(specifier: string, fromFile: string): boolean {
  if (FORBIDDEN_PACKAGES.test(specifier)) return true;
  // Relative paths and names (tsconfig.json's "paths": '~/stores/x') into those folders.
  const target = importTarget(fromFile, specifier);
  return FORBIDDEN_FOLDERS.some((folder) => target === folder || target.startsWith(`${folder}/`));
}

/** Problems in one source text: forbidden imports and uses of browser/network globals. */
function findViolations(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const problems: string[] = [];
  const where = (node: ts.Node) => `${relative(ROOT, fileName)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

  const checkSpecifier = (node: ts.Node, specifier: ts.Expression | undefined) => {
    if (specifier && ts.isStringLiteralLike(specifier) && isForbiddenImport(specifier.text, fileName)) {
      problems.push(`${where(node)} imports '${specifier.text}'`);
    }
  };

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) checkSpecifier(node, node.moduleSpecifier);
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) {
        checkSpecifier(node, node.arguments[0]);
      }
    }
    if (ts.isIdentifier(node) && FORBIDDEN_GLOBALS.has(node.text) && isValueReference(node)) {
      problems.push(`${where(node)} uses '${node.text}'`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

// `obj.window` or `{ document: 1 }` name a property, not the global; `globalThis.fetch` does.
function isValueReference(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) {
    return ts.isIdentifier(parent.expression) && ['globalThis', 'self', 'window'].includes(parent.expression.text);
  }
  if ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isPropertySignature(parent) || ts.isMethodDeclaration(parent)) && parent.name === node) {
    return false;
  }
  return true;
}

describe('domain purity', () => {
  const files = listSources(DOMAIN);

  it('finds the domain sources', () => {
    expect(files.length).toBeGreaterThan(5);
    // The barrel src/domain/index.ts is gone (modules import each rule's own file).
    expect(files.some((f) => f.endsWith('/dates.ts'))).toBe(true);
  });

  it.each(files.map((f) => [relative(ROOT, f), f]))('%s imports no UI/app modules and uses no browser or network globals', (_name, file) => {
    expect(findViolations(file, readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('imports contract schemas as types only (no zod at runtime in the domain)', () => {
    const runtimeContractImports = files.flatMap((file) => {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      return source.statements
        .filter((s): s is ts.ImportDeclaration | ts.ExportDeclaration => ts.isImportDeclaration(s) || ts.isExportDeclaration(s))
        .filter((s) => s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier) && /api\/contract|^zod$/.test(s.moduleSpecifier.text))
        .filter((s) => (ts.isImportDeclaration(s) ? !s.importClause?.isTypeOnly : !s.isTypeOnly))
        .map((s) => `${relative(ROOT, file)}: ${s.getText(source)}`);
    });
    expect(runtimeContractImports).toEqual([]);
  });

  // The checker itself must catch what it is meant to catch.
  it.each([
    ["import React from 'react';", "imports 'react'"],
    ["import { useState } from 'react/jsx-runtime';", "imports 'react/jsx-runtime'"],
    ["import type { AstroGlobal } from 'astro';", "imports 'astro'"],
    ["import { getCollection } from 'astro:content';", "imports 'astro:content'"],
    ["import { cart } from '../stores/cart';", "imports '../stores/cart'"],
    ["export { Button } from '../components/Button';", "imports '../components/Button'"],
    ["import x from '~/pages/index';", "imports '~/pages/index'"],
    ["import { cart } from '~/stores/cart';", "imports '~/stores/cart'"],
    ["const m = await import('../stores/cart');", "imports '../stores/cart'"],
    ["const r = require('react');", "imports 'react'"],
    ["await fetch('/api');", "uses 'fetch'"],
    ["const w = window.innerWidth;", "uses 'window'"],
    ["document.title = 'x';", "uses 'document'"],
    ["localStorage.setItem('a', 'b');", "uses 'localStorage'"],
    ["new DOMParser();", "uses 'DOMParser'"],
    ["const lang = navigator.language;", "uses 'navigator'"],
    ['globalThis.fetch("/x");', "uses 'fetch'"],
    ["sessionStorage.clear();", "uses 'sessionStorage'"],
    ["new XMLHttpRequest();", "uses 'XMLHttpRequest'"],
    ["import { atom } from 'nanostores';", "imports 'nanostores'"],
    ["import { useStore } from '@nanostores/react';", "imports '@nanostores/react'"],
    ["import { readFileSync } from 'node:fs';", "imports 'node:fs'"],
    ["import { useForm } from 'react-hook-form';", "imports 'react-hook-form'"],
  ])('flags %s', (code, expected) => {
    const problems = findViolations(join(DOMAIN, 'sample.ts'), code);
    expect(problems.join('\n')).toContain(expected);
  });

  it.each([
    "// fetch() and window are mentioned in a comment\nconst a = 1;",
    "const message = 'Malformed GPX document. Check the window.';",
    'const state = { windowStart: 0, document: 1 };',
    'const n = obj.navigator;',
    "import { z } from 'zod';",
    "import { format } from 'date-fns';",
    "import type { Price } from '../api/contract/catalogue';",
  ])('does not flag %s', (code) => {
    expect(findViolations(join(DOMAIN, 'sample.ts'), code)).toEqual([]);
  });
});
