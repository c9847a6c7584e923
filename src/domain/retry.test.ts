import { describe, expect, it } from 'vitest';
import { backoffDelay, failureKind } from './retry';

describe('retries', () => {
  it('doubles the wait up to its cap', () => {
    expect([0, 1, 2, 3, 4, 10].map((n) => backoffDelay(n, 1000, 10_000))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(backoffDelay(-1, 1000, 10_000)).toBe(1000);
  });

  it('tries again what may pass later and hands what the API judged to a person', () => {
    for (const status of [null, 500, 502, 503, 409, 429, 401]) expect(failureKind(status)).toBe('retry');
    for (const status of [400, 403, 404, 410, 422]) expect(failureKind(status)).toBe('refused');
  });
});
