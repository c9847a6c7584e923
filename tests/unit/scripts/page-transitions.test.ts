import { describe, expect, it } from 'vitest';
import { canPrefetch, shouldReloadAfterChunkError } from '~/scripts/page-transitions';

describe('chunk reload guard (at most once per 60 s)', () => {
  it.each([
    [null, 1_000_000, true],
    [1_000_000, 1_030_000, false],
    [1_000_000, 1_060_000, false],
    [1_000_000, 1_060_001, true],
  ])('last reload %s, now %s → %s', (last, now, expected) => {
    expect(shouldReloadAfterChunkError(last, now)).toBe(expected);
  });
});

describe('prefetch on idle', () => {
  it.each([
    [undefined, true],
    [{ effectiveType: '4g' }, true],
    [{ effectiveType: '2g' }, false],
    [{ effectiveType: 'slow-2g' }, false],
    [{ effectiveType: '4g', saveData: true }, false],
  ])('%j → %s', (connection, expected) => {
    expect(canPrefetch(connection)).toBe(expected);
  });
});
