import { describe, expect, it } from 'vitest';
import { cartTotal } from './cart';
import { withFidelityDiscount, priceTotal } from './charges';
import { fromCents, orderBreakdown, type BreakdownOrder } from './order-breakdown';

const toCents = (euros: number) => Math.round(euros * 100);

const detail = (label: string, list: number, charged = list, isAddOn = false) => ({
  product_label: label,
  is_add_on: isAddOn,
  total_price: charged,
  original_total_price: list,
});
const sum = (cents: readonly { cents: number }[]) => cents.reduce((s, l) => s + l.cents, 0);

describe('orderBreakdown', () => {
  it("lists the walkthrough's order so that it adds up: 122 + 10 + 80 − 10 − 5 = 197", () => {
    const order: BreakdownOrder = {
      order_detail_pools: [
        { index: 0, customer: { first_name: 'Luca', last_name: 'Bianchi' }, order_details: [detail('Sci', 122), detail('Casco', 10, 10, true)] },
        { index: 1, customer: null, order_details: [detail('Ciaspole', 80)] },
      ],
      coupons: [
        { code: 'BENVENUTO10', amount: 10 },
        { code: 'NEVE5', amount: 5 },
      ],
      total_amount: 197,
    };
    const { lines, totalCents } = orderBreakdown(order);
    expect(lines).toEqual([
      { kind: 'item', label: 'Sci', size: null, person: 'Luca Bianchi', index: 0, cents: 12200 },
      { kind: 'addOn', label: 'Casco', size: null, person: 'Luca Bianchi', index: 0, cents: 1000 },
      { kind: 'item', label: 'Ciaspole', size: null, person: null, index: 1, cents: 8000 },
      { kind: 'coupon', code: 'BENVENUTO10', cents: -1000 },
      { kind: 'coupon', code: 'NEVE5', cents: -500 },
    ]);
    expect(totalCents).toBe(19700);
    expect(sum(lines)).toBe(totalCents);
  });

  it('shows the fidelity card as one negative line: the list prices less what was charged', () => {
    // Prices as the server charges them with a card: each unit price discounted and rounded, then times the days.
    const prices = [
      { amount: 33.35, original_amount: null, season: false, morning: false, afternoon: false },
      { amount: 7.15, original_amount: null, season: false, morning: false, afternoon: false },
    ];
    const charged = prices.map((p) => priceTotal(withFidelityDiscount(p), 3));
    const list = prices.map((p) => priceTotal(p, 3));
    const total = cartTotal(charged, [{ code: 'NEVE5', amount: 5, blocked: false }]);
    const { lines, totalCents } = orderBreakdown({
      order_detail_pools: [{ index: 0, order_details: [detail('Sci', list[0]!, charged[0]!), detail('Casco', list[1]!, charged[1]!, true)] }],
      coupons: [{ code: 'NEVE5', amount: 5 }],
      fidelity_card_number: 'FID-0001',
      total_amount: total,
    });
    expect(lines.map((l) => l.kind)).toEqual(['item', 'addOn', 'fidelity', 'coupon']);
    expect(lines[2]).toEqual({ kind: 'fidelity', card: 'FID-0001', cents: toCents(charged[0]! + charged[1]!) - toCents(list[0]! + list[1]!) });
    expect(lines[2]!.cents).toBeLessThan(0);
    expect(sum(lines)).toBe(totalCents);
    expect(fromCents(totalCents)).toBe(total);
  });

  it('adds up to the cent where floats drift (0.1 + 0.2)', () => {
    const { lines, totalCents } = orderBreakdown({
      order_detail_pools: [{ index: 0, order_details: [detail('A', 0.1), detail('B', 0.2, 0.2, true)] }],
      coupons: [],
      total_amount: 0.3,
    });
    expect(lines.map((l) => l.cents)).toEqual([10, 20]);
    expect(totalCents).toBe(30);
  });

  it('takes a coupon worth more than what is left only for what is left: the total stays at zero', () => {
    const { lines, totalCents } = orderBreakdown({
      order_detail_pools: [{ index: 0, order_details: [detail('Ciaspole', 8)] }],
      coupons: [
        { code: 'BENVENUTO10', amount: 10 },
        { code: 'NEVE5', amount: 5 },
      ],
      total_amount: 0,
    });
    expect(lines.slice(1)).toEqual([
      { kind: 'coupon', code: 'BENVENUTO10', cents: -800 },
      { kind: 'coupon', code: 'NEVE5', cents: 0 },
    ]);
    expect(sum(lines)).toBe(0);
    expect(totalCents).toBe(0);
  });

  it('keeps a difference no line explains as its own line, so the lines still add up', () => {
    // A coupon since deleted answers an amount of 0, yet the order's total took it off.
    const { lines, totalCents } = orderBreakdown({
      order_detail_pools: [{ index: 0, order_details: [detail('Ciaspole', 30)] }],
      coupons: [{ code: 'GONE', amount: 0 }],
      total_amount: 25,
    });
    expect(lines.at(-1)).toEqual({ kind: 'adjustment', cents: -500 });
    expect(sum(lines)).toBe(totalCents);
  });

  it('reads an order without list prices at what it charged', () => {
    const { lines } = orderBreakdown({
      order_detail_pools: [{ index: 2, order_details: [{ product_label: 'Bici', size: 'L', total_price: 40, original_total_price: null }] }],
      coupons: [],
      total_amount: 40,
    });
    expect(lines).toEqual([{ kind: 'item', label: 'Bici', size: 'L', person: null, index: 2, cents: 4000 }]);
  });
});
