import { describe, expect, it } from 'vitest';
import {
  cashCountProblem,
  cashDifference,
  cashExpected,
  changeFor,
  paymentPartsProblem,
  quickCashAmounts,
  remainderAfter,
  terminalPart,
  totalsByMethod,
} from './desk-methods';

describe('the cash desk payment methods', () => {
  it('gives the change, never below zero, in cents', () => {
    expect(changeFor(50, 42.3)).toBe(7.7);
    expect(changeFor(0.3, 0.1)).toBe(0.2);
    expect(changeFor(40, 42.3)).toBe(0);
  });

  it('offers the exact amount and the next round notes', () => {
    expect(quickCashAmounts(42.3)).toEqual([42.3, 45, 50, 60]);
    expect(quickCashAmounts(50)).toEqual([50, 60, 100]);
    expect(quickCashAmounts(7)).toEqual([7, 10, 20, 50]);
  });

  it('leaves the rest of a split for the second method', () => {
    expect(remainderAfter(50, 62.4)).toBe(12.4);
    expect(remainderAfter(70, 62.4)).toBe(0);
  });

  it('accepts parts adding up to the total, and says which field is wrong otherwise', () => {
    expect(paymentPartsProblem([{ method: 'cash', amount: 62.4, received: 100 }], 62.4)).toBeNull();
    expect(paymentPartsProblem([{ method: 'cash', amount: 50 }, { method: 'terminal', amount: 12.4 }], 62.4)).toBeNull();
    expect(paymentPartsProblem([{ method: 'cash', amount: 50 }], 62.4)).toMatchObject({ field: 'parts', key: 'paymentTotal', params: { amount: 50, total: 62.4 } });
    expect(paymentPartsProblem([], 1)).toMatchObject({ field: 'parts', key: 'paymentParts' });
    expect(
      paymentPartsProblem(
        [
          { method: 'cash', amount: 1 },
          { method: 'card', amount: 1 },
          { method: 'transfer', amount: 1 },
        ],
        3,
      ),
    ).toMatchObject({ field: 'parts' });
    expect(paymentPartsProblem([{ method: 'cash', amount: 1 }, { method: 'cash', amount: 2 }], 3)).toMatchObject({ key: 'paymentMethodsTwice' });
    expect(paymentPartsProblem([{ method: 'card', amount: 0 }, { method: 'cash', amount: 3 }], 3)).toMatchObject({ field: 'parts.0.amount' });
    expect(paymentPartsProblem([{ method: 'cash', amount: 3, received: 2 }], 3)).toMatchObject({ field: 'parts.0.received', key: 'cashReceived' });
    // Float sums are money sums: 0.1 + 0.2 pays 0.3.
    expect(paymentPartsProblem([{ method: 'cash', amount: 0.1 }, { method: 'card', amount: 0.2 }], 0.3)).toBeNull();
  });

  it('finds the terminal part', () => {
    expect(terminalPart([{ method: 'cash' }, { method: 'terminal' }])).toEqual({ method: 'terminal' });
    expect(terminalPart([{ method: 'cash' }])).toBeUndefined();
  });

  it('adds the day up by method and says what the drawer should hold', () => {
    const methods = totalsByMethod([
      { method: 'terminal', amount: 30 },
      { method: 'cash', amount: 50 },
      { method: 'cash', amount: 12.5 },
    ]);
    expect(methods).toEqual([
      { method: 'cash', count: 2, total: 62.5 },
      { method: 'terminal', count: 1, total: 30 },
    ]);
    expect(cashExpected(methods)).toBe(62.5);
    expect(cashExpected([])).toBe(0);
    expect(cashDifference(62.5, 60)).toBe(-2.5);
  });

  it('asks for a note only when the counted cash differs', () => {
    expect(cashCountProblem(62.5, null, null)).toBeNull();
    expect(cashCountProblem(62.5, 62.5, '')).toBeNull();
    expect(cashCountProblem(62.5, 60, ' ')).toBe('cashNoteRequired');
    expect(cashCountProblem(62.5, 60, 'resto')).toBeNull();
  });
});

describe('amounts typed at the desk', () => {
  it('reads commas and dots, refuses anything else', async () => {
    const { parseAmount } = await import('./desk-methods');
    expect(parseAmount('50')).toBe(50);
    expect(parseAmount(' 42,30 € ')).toBe(42.3);
    expect(parseAmount('42.3')).toBe(42.3);
    expect(parseAmount('4,2,3')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
    expect(parseAmount('')).toBeNull();
  });
});
