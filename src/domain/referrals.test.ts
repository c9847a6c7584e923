import { describe, expect, it } from 'vitest';
import { referralReport, referralReportCsv, referralReportFileName, type ReferredOrder } from './referrals';

const order = (ref: string | null, totalAmount: number, createdAt: string): ReferredOrder => ({ ref, totalAmount, createdAt: new Date(createdAt) });

describe('referralReport', () => {
  it('groups by referral, alphabetical, and leaves out orders without one', () => {
    const report = referralReport(
      [order('HOTEL42', 120.5, '2026-12-10T10:00:00Z'), order('AGENCY', 30, '2026-12-11T10:00:00Z'), order(null, 999, '2026-12-10T10:00:00Z'), order('HOTEL42', 9.5, '2026-12-12T10:00:00Z')],
      '2026-12-01',
      '2026-12-31',
    );
    expect(report).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
      rows: [
        { ref: 'AGENCY', orders: 1, total_amount: 30 },
        { ref: 'HOTEL42', orders: 2, total_amount: 130 },
      ],
      orders: 3,
      total_amount: 160,
    });
  });

  it('sums in cents: a thousand orders of 0.10 make exactly 100', () => {
    const orders = Array.from({ length: 1000 }, () => order('H', 0.1, '2026-12-10T10:00:00Z'));
    const report = referralReport([...orders, order('I', 0.2, '2026-12-10T10:00:00Z')], '2026-12-10', '2026-12-10');
    expect(report.rows[0]).toEqual({ ref: 'H', orders: 1000, total_amount: 100 });
    expect(report.total_amount).toBe(100.2);
  });

  it('counts the day an order was placed in Rome, both ends included', () => {
    const orders = [
      // 23:30 UTC on 30 November is already 1 December in Rome (UTC+1).
      order('H', 1, '2026-11-30T23:30:00Z'),
      // 22:59 UTC on 31 December is 23:59 in Rome: still the 31st.
      order('H', 2, '2026-12-31T22:59:00Z'),
      // 23:00 UTC on 31 December is midnight in Rome: the next year.
      order('H', 4, '2026-12-31T23:00:00Z'),
      // 22:30 UTC on 30 November is 23:30 in Rome: the day before the period.
      order('H', 8, '2026-11-30T22:30:00Z'),
    ];
    expect(referralReport(orders, '2026-12-01', '2026-12-31').rows).toEqual([{ ref: 'H', orders: 2, total_amount: 3 }]);
    // Summer time (UTC+2): 22:30 UTC on 14 July is 00:30 on the 15th in Rome.
    expect(referralReport([order('S', 5, '2026-07-14T22:30:00Z')], '2026-07-15', '2026-07-15').rows).toEqual([{ ref: 'S', orders: 1, total_amount: 5 }]);
  });

  it('answers empty rows and zero totals for a period without referred orders', () => {
    expect(referralReport([order(null, 10, '2026-12-10T10:00:00Z')], '2026-12-01', '2026-12-31')).toMatchObject({ rows: [], orders: 0, total_amount: 0 });
  });
});

describe('referralReportCsv', () => {
  it('writes the headings, then a row per referral with 2-decimal amounts, escaped', () => {
    const csv = referralReportCsv(
      { rows: [{ ref: 'Hotel "Sole"; 2', orders: 2, total_amount: 130 }, { ref: '=cmd', orders: 1, total_amount: 0.1 }] },
      { ref: 'Referral', orders: 'Orders', total: 'Total' },
    );
    expect(csv).toBe('"Referral";"Orders";"Total"\r\n"Hotel ""Sole""; 2";"2";"130.00"\r\n"\'=cmd";"1";"0.10"\r\n');
  });

  it('names the file after the period', () => {
    expect(referralReportFileName('2026-12-01', '2026-12-31')).toBe('referrals-2026-12-01-2026-12-31.csv');
  });
});
