// `npm start` rebuilds dist/ when it was built for another site address (its sitemap and canonical
// links name it): a demo moved to another PORT, or a new PUBLIC_SITE_URL, is rebuilt at the next start.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isDistStale } from '~scripts/build-if-stale';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project with no sources newer than its dist/, stamped with `stamp`. */
function builtProject(stamp: string | null): string {
  const root = mkdtempSync(path.join(tmpdir(), 'build-stale-'));
  roots.push(root);
  mkdirSync(path.join(root, 'dist'));
  if (stamp !== null) writeFileSync(path.join(root, 'dist', '.build-stamp'), stamp);
  return root;
}

describe('isDistStale', () => {
  it('holds a build made for the same address, with or without a trailing slash', () => {
    const root = builtProject(JSON.stringify({ builtAt: '2026-12-07T01:00:00.000Z', siteUrl: 'http://localhost:4400' }));
    expect(isDistStale(root, 'http://localhost:4400')).toBe(false);
    expect(isDistStale(root, 'http://localhost:4400/')).toBe(false);
  });

  it('rebuilds for another address, for a stamp that names none, and without a stamp', () => {
    expect(isDistStale(builtProject(JSON.stringify({ builtAt: '2026-12-07T01:00:00.000Z', siteUrl: 'http://localhost:4321' })), 'http://localhost:4400')).toBe(true);
    expect(isDistStale(builtProject('2026-12-01T10:00:00.000Z'), 'http://localhost:4321')).toBe(true);
    expect(isDistStale(builtProject(null), 'http://localhost:4321')).toBe(true);
  });
});
