import { describe, expect, it } from 'vitest';
import { canPayOnline, confirmPollDelay, PAYMENT_CONFIRM_POLL, paymentNotice, paymentOutcomeFrom, withoutPaymentOutcome } from './payments';

describe('online payment', () => {
  const order = { status: 'confirmed' as const, paid: false, total_amount: 42 };

  it('is offered for a confirmed, unpaid order with something to pay, never on a kiosk', () => {
    expect(canPayOnline(order, false)).toBe(true);
    expect(canPayOnline(order, true)).toBe(false);
    expect(canPayOnline({ ...order, paid: true }, false)).toBe(false);
    expect(canPayOnline({ ...order, status: 'cancelled' }, false)).toBe(false);
    expect(canPayOnline({ ...order, total_amount: 0 }, false)).toBe(false);
  });

  it('reads only known outcomes from the way back', () => {
    expect(paymentOutcomeFrom('?payment=paid')).toBe('paid');
    expect(paymentOutcomeFrom('?x=1&payment=expired')).toBe('expired');
    expect(paymentOutcomeFrom('?payment=refund')).toBe('refund');
    expect(paymentOutcomeFrom('?payment=PAID')).toBeNull();
    expect(paymentOutcomeFrom('?payment=<script>')).toBeNull();
    expect(paymentOutcomeFrom('')).toBeNull();
  });

  it('drops the outcome from the query and keeps the rest', () => {
    expect(withoutPaymentOutcome('?payment=paid')).toBe('');
    expect(withoutPaymentOutcome('?ref=abc&payment=failed')).toBe('?ref=abc');
  });

  it('announces paid only once the order says so', () => {
    expect(paymentNotice('paid', true)).toEqual({ key: 'order.paymentPaid', level: 'success' });
    expect(paymentNotice('paid', false, true)).toEqual({ key: 'order.paymentPending', level: 'info' });
    expect(paymentNotice('paid', false)).toEqual({ key: 'order.paymentUnconfirmed', level: 'warning' });
    expect(paymentNotice('cancelled', false)).toEqual({ key: 'order.paymentCancelled', level: 'warning' });
    expect(paymentNotice('expired', false)).toEqual({ key: 'order.paymentExpired', level: 'warning' });
    expect(paymentNotice('failed', false)).toEqual({ key: 'order.paymentFailed', level: 'error' });
  });

  it('tells a customer whose payment was taken but not applied that it will be refunded, not that nothing was charged', () => {
    expect(paymentNotice('refund', false)).toEqual({ key: 'order.paymentRefund', level: 'warning' });
    // Even when the order got paid another way meanwhile (the cash desk, another session).
    expect(paymentNotice('refund', true)).toEqual({ key: 'order.paymentRefund', level: 'warning' });
  });

  it('waits for a payment to be confirmed quickly at first, then every few seconds, two minutes at most', () => {
    const { quickMs, quickReads, slowMs, maxWaitMs } = PAYMENT_CONFIRM_POLL;
    expect(confirmPollDelay(1)).toBe(quickMs);
    expect(confirmPollDelay(quickReads - 1)).toBe(quickMs);
    expect(confirmPollDelay(quickReads)).toBe(slowMs);
    let reads = 1;
    let waited = 0;
    for (let delay = confirmPollDelay(reads); delay !== null; delay = confirmPollDelay(++reads)) waited += delay;
    expect(waited).toBeLessThanOrEqual(maxWaitMs);
    expect(waited + slowMs).toBeGreaterThan(maxWaitMs);
  });
});
