// The referral report of an admin kiosk (server/routes/staff/referrals.ts).
import { ReferralReportQuerySchema, ReferralReportResponseSchema } from '~/api/contract/referrals';
import { json, raw, tagged } from '../operation';

const PERIOD = { schema: ReferralReportQuerySchema, example: { from: '2026-12-01', to: '2026-12-31' } };
const WHAT =
  "The caller's shop's confirmed orders placed from `from` to `to` (Europe/Rome days, both included, at most a year; `to` before `from` is 422 on `to`), per referral (`ref`, stored from a framed page's `forced_ref`), alphabetical. Cancelled orders and orders without a referral are not counted.";

export const referralOperations = tagged('Kiosk', [
  {
    method: 'get',
    path: '/v1/totem/referrals',
    summary: 'Orders and totals per referral',
    description: WHAT,
    caller: { kind: 'kiosk', minType: 20 },
    query: PERIOD,
    reply: {
      status: 200,
      description: 'The rows and their sums (amounts in euros, summed in cents).',
      body: json(ReferralReportResponseSchema, {
        data: {
          from: '2026-12-01',
          to: '2026-12-31',
          rows: [
            { ref: 'AGENZIA-NEVE', orders: 1, total_amount: 48 },
            { ref: 'HOTEL42', orders: 3, total_amount: 215.5 },
          ],
          orders: 4,
          total_amount: 263.5,
        },
      }),
    },
  },
  {
    method: 'get',
    path: '/v1/totem/referrals/export',
    summary: 'Orders and totals per referral, as CSV',
    description: `${WHAT} Every cell quoted, \`;\` between cells, headings in the request's language.`,
    caller: { kind: 'kiosk', minType: 20 },
    query: PERIOD,
    reply: {
      status: 200,
      description: 'A CSV attachment named after the period (referrals-{from}-{to}.csv).',
      body: raw('text/csv', '"Referral";"Ordini";"Totale"\r\n"AGENZIA-NEVE";"1";"48.00"\r\n"HOTEL42";"3";"215.50"\r\n'),
    },
  },
]);
