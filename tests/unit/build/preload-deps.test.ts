// The preload table of a dynamic import leaves out what its chunk has already loaded statically.
import { describe, expect, it } from 'vitest';
import { preloadStillNeeded, staticallyLoaded } from '~/build/preload-deps.mjs';

// host → a, b; a → shared; shared → runtime; lazy (imported dynamically by host) → shared, own.
const graph: Record<string, string[]> = {
  'host.js': ['a.js', 'b.js'],
  'a.js': ['shared.js'],
  'b.js': [],
  'shared.js': ['runtime.js', 'a.js'],
  'runtime.js': [],
  'lazy.js': ['shared.js', 'own.js'],
  'own.js': [],
};
const importsOf = (file: string) => graph[file];

describe('preload without what is loaded', () => {
  it('a chunk has loaded its static imports and theirs (cycles included), not itself', () => {
    expect([...staticallyLoaded('host.js', importsOf)].sort()).toEqual(['a.js', 'b.js', 'runtime.js', 'shared.js']);
  });

  it('keeps the imported chunk and what it needs that the host has not loaded', () => {
    expect(preloadStillNeeded('host.js', ['lazy.js', 'shared.js', 'runtime.js', 'own.js'], importsOf)).toEqual(['lazy.js', 'own.js']);
  });

  it('a host the bundle does not know keeps every dependency', () => {
    expect(preloadStillNeeded('unknown.js', ['lazy.js', 'own.js'], importsOf)).toEqual(['lazy.js', 'own.js']);
  });
});
