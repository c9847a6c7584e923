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
});
