import { describe, expect, it } from 'vitest';
import { cashDeskOrderUuid, deliveryProgress, deskOrderFlags, orderWithNumber, paidWhen, sortForDesk } from './desk-orders';

const TODAY = '2026-12-20';
type Detail = { datetime_delivery?: string | null; datetime_return?: string | null };
const order = (n: string, over: { from?: string; to?: string; paid?: boolean; status?: 'confirmed' | 'cancelled'; details?: Detail[] } = {}) => ({
  number: n,
  status: over.status ?? ('confirmed' as const),
  paid: over.paid ?? false,
  date_from: over.from ?? TODAY,
  date_to: over.to ?? over.from ?? TODAY,
  order_detail_pools: [{ id: 1, index: 0, customer: null, order_details: [{}, {}] }],
  delivery: {
    delivery_details: (over.details ?? []).map((d, i) => ({ id: i, id_order_detail: i, forced: false, used: false, managed: false, ...d })),
  },
}) as unknown as Parameters<typeof deskOrderFlags>[0] & { number: string };

describe('the cash desk list', () => {
  it("flags today's orders with money to collect or equipment to hand out", () => {
    expect(deskOrderFlags(order('a'), TODAY)).toEqual({ today: true, toCollect: true, toHandOut: true });
    expect(deskOrderFlags(order('b', { paid: true }), TODAY)).toEqual({ today: true, toCollect: false, toHandOut: true });
    expect(deskOrderFlags(order('c', { paid: true, details: [{ datetime_delivery: '2026-12-20 09:00:00' }] }), TODAY)).toMatchObject({ toCollect: false, toHandOut: false });
    // A rental that started yesterday and runs today is still today's business.
    expect(deskOrderFlags(order('d', { from: '2026-12-19', to: '2026-12-21 18:00:00' }), TODAY)).toMatchObject({ today: true, toCollect: true });
    expect(deskOrderFlags(order('e', { from: '2026-12-21' }), TODAY)).toEqual({ today: false, toCollect: false, toHandOut: false });
    expect(deskOrderFlags(order('f', { status: 'cancelled' }), TODAY)).toEqual({ today: true, toCollect: false, toHandOut: false });
  });

  it('puts money to collect first, then hand-outs, then the rest, keeping the API order in each group', () => {
    const list = [
      order('later', { from: '2026-12-22' }),
      order('handout', { paid: true }),
      order('collect1'),
      order('done', { paid: true, details: [{ datetime_delivery: 'x' }] }),
      order('collect2', { from: '2026-12-18', to: '2026-12-20' }),
    ];
    expect(sortForDesk(list, TODAY).map((o) => o.number)).toEqual(['collect1', 'collect2', 'handout', 'later', 'done']);
  });

  it('counts units handed out and back against the order lines', () => {
    expect(deliveryProgress(order('a', { details: [{ datetime_delivery: 'x', datetime_return: 'y' }, { datetime_delivery: 'x' }] }))).toEqual({ total: 2, out: 2, back: 1 });
    expect(deliveryProgress(order('b'))).toEqual({ total: 2, out: 0, back: 0 });
  });

  it('reads the order of a cash-desk address', () => {
    expect(cashDeskOrderUuid('/totem/cash-desk/0b5c7a1e-1111-4222-8333-444455556666/')).toBe('0b5c7a1e-1111-4222-8333-444455556666');
    expect(cashDeskOrderUuid('/totem/cash-desk')).toBeNull();
    expect(cashDeskOrderUuid('/totem/cash-desk/')).toBeNull();
  });

  it('finds the order whose number was typed or scanned exactly, in any case', () => {
    const list = [order('B-20261220-7'), order('B-20261220-17')];
    expect(orderWithNumber(list, ' b-20261220-17 ')).toBe(list[1]);
    // A part of a number, a name or nothing typed is a search, not an order to open.
    expect(orderWithNumber(list, 'B-20261220-1')).toBeUndefined();
    expect(orderWithNumber(list, 'Bianchi')).toBeUndefined();
    expect(orderWithNumber(list, '  ')).toBeUndefined();
    expect(orderWithNumber(list, undefined)).toBeUndefined();
  });
});

describe('paidWhen', () => {
  const now = new Date('2026-12-06T10:00:00Z');
  it('says today with the time in Rome, another day with its date', () => {
    expect(paidWhen('2026-12-06T08:42:00Z', now)).toEqual({ date: null, time: '09:42' });
    // 23:30 UTC on the 5th is past midnight in Rome: the 6th, today.
    expect(paidWhen('2026-12-05T23:30:00Z', now)).toEqual({ date: null, time: '00:30' });
    expect(paidWhen('2026-12-05T16:05:00Z', now)).toEqual({ date: '05/12/2026', time: '17:05' });
  });
});
