// The cash desk's payment line of an order: one paid online says so, with the provider's payment id
// the shop looks up in Stripe's dashboard; one paid at a desk keeps its day and time.
import { describe, expect, it } from 'vitest';
import { paymentText } from '~/features/kiosk/cash-desk/CashDeskOrderDetails';
import { translator } from '~server/http/locale';
import { orderResponse } from '~tests/support/order-response';
import { formatCurrency } from '~/domain/format';

describe("the cash desk's payment line", () => {
  const t = translator('it');
  it('says "paid online" with the payment id for an order paid through Stripe', () => {
    const order = orderResponse({ paid: true, paid_at: '2026-12-01T10:00:00.000Z', online_payment_id: 'pi_3Qx7Lm2eZvKYlo2C0b1' });
    expect(paymentText(t, order)).toBe(`Pagato online · ${formatCurrency(62)} · pagamento pi_3Qx7Lm2eZvKYlo2C0b1`);
  });
  it('keeps the day for an order paid at a desk', () => {
    const order = orderResponse({ paid: true, paid_at: '2026-12-01T10:00:00.000Z', online_payment_id: null });
    expect(paymentText(t, order)).toMatch(/^Pagato il 01\/12\/2026/);
  });
});
