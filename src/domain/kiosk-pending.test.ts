import { describe, expect, it } from 'vitest';
import { mayTakeOverWork, pendingKioskItems, type StoredKioskWork } from './kiosk-pending';

// Only what the rule reads of the stored payments and confirmations; the stores keep more
// (their schemas' types must fit these, which the typecheck of kiosk-forget.ts proves).
const payment = (uuid: string, number: string) => ({ uuid, number });
type Entry = StoredKioskWork['outbox'][number];
const entry = (ref: string, state: Entry['state']): Entry => ({ kind: 'pickup', ref, state });
const nothing = { payments: {}, claims: {}, outbox: [], cashierClose: null };

describe('pending kiosk work', () => {
  it('is every stored payment, every unanswered claim of an order without one, every outbox entry and an unrecorded close', () => {
    expect(pendingKioskItems(nothing)).toEqual([]);
    expect(
      pendingKioskItems({
        payments: { u1: payment('u1', '06-0000001') },
        claims: { u1: 'a-1', u2: 'a-2' },
        outbox: [entry('06-0000003', 'pending'), entry('S06-CIASPOLE-01', 'refused')],
        cashierClose: { step: 'unrecorded', date: '2026-11-26' },
      }),
    ).toEqual([
      { kind: 'payment', number: '06-0000001', uuid: 'u1' },
      { kind: 'claim', uuid: 'u2' },
      { kind: 'outbox', what: 'pickup', ref: '06-0000003', refused: false },
      { kind: 'outbox', what: 'pickup', ref: 'S06-CIASPOLE-01', refused: true },
      { kind: 'cashierClose', date: '2026-11-26' },
    ]);
  });

  it('leaves out a close recorded, failed at the terminal or never started', () => {
    for (const step of ['idle', 'done', 'failed', 'terminal']) expect(pendingKioskItems({ ...nothing, cashierClose: { step, date: '2026-11-26' } })).toEqual([]);
  });

  it('goes on only as the same kiosk of the same shop (by the code alone when the shop was never stored)', () => {
    expect(mayTakeOverWork({ code: 'BARD-03', shopId: 6 }, { code: 'BARD-03', shopId: 6 })).toBe(true);
    expect(mayTakeOverWork({ code: 'BARD-03', shopId: 6 }, { code: 'BARD-02', shopId: 6 })).toBe(false);
    expect(mayTakeOverWork({ code: 'BARD-03', shopId: 6 }, { code: 'BARD-03', shopId: 1 })).toBe(false);
    expect(mayTakeOverWork({ code: 'BARD-03', shopId: null }, { code: 'BARD-03', shopId: 1 })).toBe(true);
  });
});
