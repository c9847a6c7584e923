// The JavaScript the built site ships is the production build of its libraries. Built from inside
// a test runner (NODE_ENV=test) Vite would otherwise bundle React's development build: three times
// larger, slower, with warnings in the console, and served by `npm start` as it is.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteDir, useBuiltSite } from './dist';

useBuiltSite();

/** Strings only React's development builds contain. */
const DEVELOPMENT_MARKERS = ['Download the React DevTools', 'validateDOMNesting', 'cannot be a child of'];

/** Class names only classic zod defines, quoted as its bundled code names them. */
const CLASSIC_ZOD_MARKERS = [/["'`]ZodString["'`]/, /["'`]ZodObject["'`]/];

describe('built scripts', () => {
  it('are production builds: no development-only React code in dist/_astro', () => {
    const dir = path.join(siteDir(), '_astro');
    const scripts = readdirSync(dir).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const offending = scripts.filter((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      return DEVELOPMENT_MARKERS.some((marker) => text.includes(marker));
    });
    expect(offending).toEqual([]);
    // React itself is there (the islands' runtime), so the check looked at the right files.
    expect(scripts.some((file) => readFileSync(path.join(dir, file), 'utf8').includes('react.transitional.element'))).toBe(true);
  });

  it('parse with zod/mini: no script in dist/_astro holds classic zod', () => {
    const dir = path.join(siteDir(), '_astro');
    const texts = readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .map((file) => ({ file, text: readFileSync(path.join(dir, file), 'utf8') }));
    // Names classic zod gives its schema classes (zod/mini's are ZodMini…, its core's $Zod…): any
    // src/ module importing 'zod' instead of 'zod/mini' bundles them, 16 KB gzip more per screen.
    const classic = texts.filter(({ text }) => CLASSIC_ZOD_MARKERS.some((marker) => marker.test(text))).map(({ file }) => file);
    expect(classic).toEqual([]);
    // zod/mini itself is there (the contract's schemas), so the check looked at the right files.
    expect(texts.some(({ text }) => /["'`]ZodMiniObject["'`]/.test(text))).toBe(true);
  });

  it("preload with a lazy chunk only what the importing chunk has not loaded already (src/build/preload-deps.mjs)", () => {
    const dir = path.join(siteDir(), '_astro');
    const texts = new Map(
      readdirSync(dir)
        .filter((f) => f.endsWith('.js'))
        .map((file) => [file, readFileSync(path.join(dir, file), 'utf8')]),
    );
    const staticImports = (file: string) => [...(texts.get(file) ?? '').matchAll(/(?:^|[;}])import(?:[^'"`;()]*?from)?\s*["'`]\.\/([^"'`]+\.js)["'`]/g)].map(([, name]) => name!);
    const loaded = (file: string) => {
      const seen = new Set<string>();
      const next = staticImports(file);
      while (next.length) {
        const name = next.pop()!;
        if (!seen.has(name) && seen.add(name)) next.push(...staticImports(name));
      }
      return seen;
    };
    let tables = 0;
    const redundant = [...texts].flatMap(([file, text]) => {
      const table = /^const __vite__mapDeps=.*?m\.f=\[([^\]]*)\]/.exec(text)?.[1];
      if (table === undefined) return [];
      tables++;
      const listed = [...table.matchAll(/"_astro\/([^"]+)"/g)].map(([, name]) => name!);
      const already = loaded(file);
      return listed.filter((name) => already.has(name)).map((name) => `${file}: ${name}`);
    });
    expect(redundant).toEqual([]);
    // Tables are there (lazy dialogs, the messages), so the check looked at the right files.
    expect(tables).toBeGreaterThan(5);
  });
});
