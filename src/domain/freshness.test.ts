import { describe, expect, it } from 'vitest';
import { AVAILABILITY_MAX_AGE_MS, isStale, takenDays, takenMeanwhile } from './freshness';

const line = (id: number, related: { id: number; used: boolean }[] = []) => ({ id, related });

describe('takenMeanwhile', () => {
  it('names the products a re-read left without a unit for one more, net of the cart', () => {
    // 7: its last unit went. 8: one fewer but still free. 9: was already out. 10: the cart holds
    // its only unit left, so one taken by someone else leaves none for one more either.
    const before = { 7: 1, 8: 3, 9: 0, 10: 2 };
    const after = { 7: 0, 8: 2, 9: 0, 10: 1 };
    expect(takenMeanwhile(before, after, [line(10)])).toEqual([7, 10]);
  });

  it('counts add-ons the cart uses, and a product missing from the new answer as none left', () => {
    expect(takenMeanwhile({ 5: 2 }, { 5: 2 }, [line(1, [{ id: 5, used: true }])])).toEqual([]);
    expect(takenMeanwhile({ 5: 2 }, { 5: 1 }, [line(1, [{ id: 5, used: true }])])).toEqual([5]);
    expect(takenMeanwhile({ 5: 2 }, { 5: 1 }, [line(1, [{ id: 5, used: false }])])).toEqual([]);
    expect(takenMeanwhile({ 6: 1 }, {}, [])).toEqual([6]);
  });

  it('says nothing when units came back', () => {
    expect(takenMeanwhile({ 7: 0 }, { 7: 2 }, [])).toEqual([]);
  });
});

describe('takenDays', () => {
  const days = (entries: [string, number, number][]) => new Map(entries.map(([d, morning, afternoon]) => [d, { morning, afternoon }]));

  it('names the days where a half that fitted one more unit beyond the cart no longer does', () => {
    const before = days([
      ['2027-01-10', 1, 1],
      ['2027-01-11', 2, 2],
      ['2027-01-12', 1, 1],
      ['2027-01-13', 0, 0],
    ]);
    const after = days([
      ['2027-01-10', 1, 0], // the afternoon went
      ['2027-01-11', 1, 1], // fewer, still free
      ['2027-01-12', 1, 1],
      ['2027-01-13', 0, 0],
    ]);
    expect(takenDays(before, after, 0)).toEqual(['2027-01-10']);
    // With one in the cart, the 11th's last unit beyond the cart went too.
    expect(takenDays(before, after, 1)).toEqual(['2027-01-11']);
  });

  it('ignores days the new answer does not hold', () => {
    expect(takenDays(days([['2027-01-10', 1, 1]]), days([]), 0)).toEqual([]);
  });
});

describe('isStale', () => {
  it('is stale when never read or read the maximum age ago or more', () => {
    expect(isStale(null, 5)).toBe(true);
    expect(isStale(1_000, 1_000 + AVAILABILITY_MAX_AGE_MS - 1)).toBe(false);
    expect(isStale(1_000, 1_000 + AVAILABILITY_MAX_AGE_MS)).toBe(true);
  });
});
