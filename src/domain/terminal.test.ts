import { describe, expect, it } from 'vitest';
import { OrderSchema } from '../api/contract/orders';
import { FAKE_POS_DELAY_MS, receiptDiscount, receiptItems, TerminalOperation, terminalDate } from './terminal';

describe('receiptDiscount', () => {
  it.each([
    [100, 90, 10], // original − total
    [90, 100, 0], // never negative
    [50, 50, 0],
    [10.3, 10.1, 0.2], // rounded to cents, not 0.20000000000000107
  ])('receiptDiscount(%s, %s) = %s', (original, total, expected) => {
    expect(receiptDiscount(original, total)).toBe(expected);
  });
});

describe('terminalDate', () => {
  it.each([
    ['2026-12-28 18:00:00', '2026-12-28'],
    ['2026-12-28T18:00:00.000000Z', '2026-12-28'],
    ['2026-12-28', '2026-12-28'],
  ])('%s → %s', (dateTo, expected) => {
    expect(terminalDate(dateTo)).toBe(expected);
  });
});

describe('receiptItems', () => {
  const order = OrderSchema.parse({
    number: 'A-1',
    date_from: '2026-12-24 09:00:00',
    date_to: '2026-12-28 18:00:00',
    total_amount: 85,
    original_total_amount: 100,
    total_tax: 15.33,
    total_taxable: 69.67,
    order_detail_pools: [
      {
        order_details: [
          { id: 1, product_label: 'Sci Rossignol', unit_price: 60, total_price: 50, total_tax: 9.02, total_taxable: 40.98 },
          { id: 2, product_label: 'Casco', unit_price: 10, total_price: 10, total_tax: 1.8, total_taxable: 8.2 },
        ],
      },
      {
        order_details: [
          { id: 3, product_label: 'Scarponi', unit_price: 25, total_price: 25, total_tax: 4.51, total_taxable: 20.49 },
        ],
      },
    ],
  });

  it('one R1 line per order detail with numeric amounts and the discount', () => {
    expect(receiptItems(order)).toEqual([
      { description: 'Sci Rossignol', product_category: 'R1', unit_price: 60, total_price: 50, total_tax: 9.02, total_taxable: 40.98, discount: 10 },
      { description: 'Casco', product_category: 'R1', unit_price: 10, total_price: 10, total_tax: 1.8, total_taxable: 8.2, discount: 0 },
      { description: 'Scarponi', product_category: 'R1', unit_price: 25, total_price: 25, total_tax: 4.51, total_taxable: 20.49, discount: 0 },
    ]);
  });

  it('makes decimal strings from the API into numbers', () => {
    const loose = {
      order_detail_pools: [
        {
          order_details: [
            { id: 1, product_label: 'Ciaspole', unit_price: '12.50', total_price: '10.00', total_tax: '1.80', total_taxable: '8.20' },
          ],
        },
      ],
    } as unknown as Parameters<typeof receiptItems>[0];
    expect(receiptItems(loose)[0]).toMatchObject({ unit_price: 12.5, total_price: 10, total_tax: 1.8, discount: 2.5 });
  });

  it("takes the discount from the API's original line total when it has one (a multi-day line)", () => {
    const line = { id: 1, product_label: 'Sci 3 giorni', unit_price: 30, total_price: 72, total_tax: 12.98, total_taxable: 59.02, original_total_price: 90 };
    expect(receiptItems({ order_detail_pools: [{ order_details: [line] }] })[0]!.discount).toBe(18);
    expect(receiptItems({ order_detail_pools: [{ order_details: [{ ...line, original_total_price: 60 }] }] })[0]!.discount).toBe(0);
  });
});

describe('terminal constants', () => {
  it('has the spec codes and fake POS delay', () => {
    expect(TerminalOperation).toEqual({ PAY: 10, RECEIPT: 20, PRINT: 30, CLOSE_CASHIER: 40 });
    expect(FAKE_POS_DELAY_MS).toBe(2000);
  });
});
