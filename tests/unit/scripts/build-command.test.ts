// `npm run build` spells out the build every other caller runs (scripts/build-if-stale.ts): the
// same Node flags and environment, so the build benchmark measures what a developer's build does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { astroBuildArgs, BUILD_ENV } from '~scripts/build-if-stale';
import { projectRoot } from '~server/db/client';

describe('npm run build', () => {
  it('runs astroBuildArgs with node from the project folder, in BUILD_ENV', () => {
    const scripts = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const environment = Object.entries(BUILD_ENV).map(([name, value]) => `${name}=${value}`);
    expect(environment.length).toBeGreaterThan(0);
    expect(scripts.build).toBe([...environment, 'node', ...astroBuildArgs('.')].join(' '));
  });
});
