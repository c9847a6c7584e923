import { describe, expect, it } from 'vitest';
import {
  compareCashier,
  DESK_PAYMENT_STAGES,
  DeskPaymentStage,
  isUnresolved,
  mayMoveTo,
  mayStartPayment,
  recordRetryDelay,
  resumedStage,
  RECORD_RETRY_MAX_MS,
} from './desk-payments';

describe('desk payments', () => {
  it('makes a charge whose answer was lost uncertain on reload, and keeps every other stage', () => {
    expect(resumedStage(DeskPaymentStage.CHARGING)).toBe('uncertain');
    for (const stage of ['uncertain', 'charged', 'recorded', 'conflict'] as const) expect(resumedStage(stage)).toBe(stage);
  });

  it('never moves a payment back: recorded is final, a conflict or a charge does not undo it', () => {
    expect(mayMoveTo('recorded', 'conflict')).toBe(false);
    expect(mayMoveTo('recorded', 'charged')).toBe(false);
    expect(mayMoveTo('conflict', 'charged')).toBe(false);
    expect(mayMoveTo('charged', 'uncertain')).toBe(false);
    for (const [from, to] of [['charging', 'uncertain'], ['charging', 'charged'], ['uncertain', 'charged'], ['charged', 'recorded'], ['charged', 'conflict'], ['conflict', 'recorded'], ['recorded', 'recorded']] as const) {
      expect(mayMoveTo(from, to)).toBe(true);
    }
  });

  it('keeps the claim of a charge the API does not hold yet, not of a recorded or settled one', () => {
    expect(DESK_PAYMENT_STAGES).toEqual(['charging', 'uncertain', 'charged', 'recorded', 'conflict']);
    expect(DESK_PAYMENT_STAGES.filter(isUnresolved)).toEqual(['charging', 'uncertain', 'charged']);
  });

  it('retries recording after 2, 4, 8, 16 s and then every 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(recordRetryDelay)).toEqual([2000, 4000, 8000, 16000, 30000, 30000, RECORD_RETRY_MAX_MS]);
  });

  it('starts a payment only for a confirmed, unpaid order with nothing in flight', () => {
    const inFlight = { stage: DeskPaymentStage.CHARGED };
    expect(mayStartPayment({ status: 'confirmed', paid: false }, undefined)).toBe(true);
    expect(mayStartPayment({ status: 'confirmed', paid: false }, inFlight)).toBe(false);
    expect(mayStartPayment({ status: 'confirmed', paid: true }, undefined)).toBe(false);
    expect(mayStartPayment({ status: 'cancelled', paid: false }, undefined)).toBe(false);
  });

  it("compares the terminal's close with what the API recorded", () => {
    expect(compareCashier({ payments: 2, amount: 30.3 }, { orders_count: 2, total: 30.3 })).toMatchObject({ difference: 0, agree: true });
    expect(compareCashier({ payments: 3, amount: 40.3 }, { orders_count: 2, total: 30.3 })).toMatchObject({ difference: 10, agree: false });
    expect(compareCashier({ payments: 1, amount: 0.1 }, { orders_count: 1, total: 0.3 })).toMatchObject({ difference: -0.2, agree: false });
    expect(compareCashier(null, { orders_count: 1, total: 5 })).toEqual({ terminal: null, recorded: { orders_count: 1, total: 5 }, difference: null, agree: null });
  });
});
