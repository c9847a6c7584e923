// The cash desk: claiming an order's payment and recording it (through the terminal or by method),
// the order's rental sheet and loyalty card, and the desk's day close (server/routes/staff/cash-desk.ts,
// rental-sheet.ts, fidelity.ts, order-payments.ts, cashier.ts).
import { OrderFidelityCardResponseSchema } from '~/api/contract/fidelity';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import {
  CloseCashierRequestSchema,
  CloseCashierResponseSchema,
  PaymentClaimHolderResponseSchema,
  PaymentClaimReleaseRequestSchema,
  PaymentClaimRequestSchema,
  PaymentClaimResponseSchema,
  PayRequestSchema,
} from '~/api/contract/staff';
import { CashierDayQuerySchema, CashierDayResponseSchema, RecordPaymentsRequestSchema } from '~/api/contract/desk-payments';
import { json, raw, tagged } from '../operation';
import { IDEMPOTENCY_KEY, IDEMPOTENT, ORDER_REF } from '../params';
import { ORDER } from '../examples/orders';

const ORDER_PARAM = { id: ORDER_REF };
const ATTEMPT = '3c6f8b2a-1d4e-4f5a-9b7c-2e8d0a6f1b3c';

export const cashDeskOperations = tagged('Cash desk', [
  {
    method: 'post',
    path: '/v1/orders/:id/payment_claim',
    summary: "Claim an order's payment before charging the card",
    description: 'While another desk holds a fresh claim 409 (naming it); paid or cancelled 410.',
    caller: { kind: 'kiosk', minType: 30 },
    params: ORDER_PARAM,
    body: json(PaymentClaimRequestSchema, { attempt: ATTEMPT }),
    reply: {
      status: 200,
      description: 'The claim and the total to charge.',
      body: json(PaymentClaimResponseSchema, { data: { order_id: 41, totem: 'BARD-04', claimed_at: '2026-12-12T08:50:00.000Z', expires_at: '2026-12-12T08:55:00.000Z', total_amount: 62 } }),
    },
    errors: [409, 410],
  },
  {
    method: 'delete',
    path: '/v1/orders/:id/payment_claim',
    summary: "Give back this desk's claim (the card was not charged)",
    caller: { kind: 'kiosk', minType: 30 },
    params: ORDER_PARAM,
    query: { schema: PaymentClaimRequestSchema, example: { attempt: ATTEMPT } },
    reply: { status: 204, description: 'Released (or there was none of this attempt).' },
  },
  {
    method: 'get',
    path: '/v1/orders/:id/rental_sheet.pdf',
    summary: "An order's rental sheet (PDF)",
    description:
      "One A4 page in the shop's language (French for a shop in France, else Italian) for the workshop and the customer's signature: the shop, the customer and their contact, the dates, each person with their measures (height cm, weight kg, shoe size EU, level) and per item the unit handed out (its internal code and when) or the size chosen, the costs line by line as the e-mail and the voucher print them, the payment, the rental terms in short with their version and link, and the signature line. A cancelled order's is 410.",
    caller: { kind: 'kiosk', minType: 20 },
    params: ORDER_PARAM,
    reply: { status: 200, description: 'The rental sheet as an inline PDF (`scheda-{number}.pdf`).', body: raw('application/pdf') },
    errors: [410],
  },
  {
    method: 'get',
    path: '/v1/orders/:id/fidelity_card',
    summary: "The loyalty card of an order's customer",
    description:
      "The card the ordering account holds (`verified`), else the number typed with the order, which anyone may type (`verified: false`: the desk asks to see the card); null when there is none (or the number is no card).",
    caller: { kind: 'kiosk', minType: 20 },
    params: ORDER_PARAM,
    reply: {
      status: 200,
      description: 'The card, or null.',
      body: json(OrderFidelityCardResponseSchema, { data: { number: 'BO-004217', holder_name: 'Anna Verdi', points: 120, discount: 0.1, active: true, verified: true } }),
    },
  },
  {
    method: 'get',
    path: '/v1/orders/:id/payment_claim',
    summary: "Which desk holds an order's payment claim",
    caller: { kind: 'kiosk', minType: 20 },
    params: ORDER_PARAM,
    reply: { status: 200, description: 'The holder, or null.', body: json(PaymentClaimHolderResponseSchema, { data: { totem: 'BARD-04', claimed_at: '2026-12-12T08:50:00.000Z' } }) },
  },
  {
    method: 'post',
    path: '/v1/orders/:id/payment_claim/release',
    summary: "Free an order from another desk's claim",
    description: "With the caller's configuration password; only the claim of `totem` (a claim taken since by another desk is 409). Logged.",
    caller: { kind: 'kiosk', minType: 20 },
    params: ORDER_PARAM,
    body: json(PaymentClaimReleaseRequestSchema, { password: 'gelato-blu-42', totem: 'BARD-04' }),
    reply: { status: 200, description: 'The order.', body: json(OrderEnvelopeSchema, { data: ORDER }) },
    errors: [409, 429],
  },
  {
    method: 'post',
    path: '/v1/orders/:id/pay',
    summary: 'Record a card payment taken at the desk',
    description:
      "Only while this `attempt` holds the claim and the total is still `amount` (else 409: money to give back); the same attempt again answers the order. `simulated` outside demo mode is 403; a paid order 410.",
    caller: { kind: 'kiosk', minType: 30 },
    params: ORDER_PARAM,
    body: json(PayRequestSchema, { date: '2026-12-12 08:51:30', attempt: ATTEMPT, amount: 62, pos_log: { result: 'OK', auth_code: '004512' } }),
    reply: { status: 200, description: 'The order, paid.', body: json(OrderEnvelopeSchema, { data: { ...ORDER, paid: true, paid_at: '2026-12-12T07:51:30.000Z', editable: false } }) },
    errors: [403, 409, 410],
  },
  {
    method: 'post',
    path: '/v1/orders/:id/desk_payments',
    summary: 'Record a payment by method (cash, card or transfer outside the terminal, or a split)',
    description: `One or two parts of different methods adding up to the order's total (else 422 on \`parts\`); cash with what the customer handed over. A \`terminal\` part only under its claim's \`attempt\` (409 otherwise: money to give back); any other payment only while no desk holds a claim (409). A paid order 410. ${IDEMPOTENT}`,
    caller: { kind: 'kiosk', minType: 30 },
    params: ORDER_PARAM,
    headers: [IDEMPOTENCY_KEY],
    body: json(RecordPaymentsRequestSchema, {
      date: '2026-12-12 09:42:00',
      parts: [
        { method: 'cash', amount: 50, received: 50 },
        { method: 'terminal', amount: 12 },
      ],
      attempt: ATTEMPT,
      pos_log: { result: 'OK', auth_code: '004512' },
    }),
    reply: {
      status: 200,
      description: 'The order, paid, with its payments.',
      body: json(OrderEnvelopeSchema, {
        data: {
          ...ORDER,
          paid: true,
          paid_at: '2026-12-12T08:42:00.000Z',
          editable: false,
          payments: [
            { method: 'cash', amount: 50, received: 50, change: 0, reference: null, paid_at: '2026-12-12T08:42:00.000Z', totem: 'BARD-04' },
            { method: 'terminal', amount: 12, received: null, change: null, reference: null, paid_at: '2026-12-12T08:42:00.000Z', totem: 'BARD-04' },
          ],
        },
      }),
    },
    errors: [403, 409, 410],
  },
  {
    method: 'get',
    path: '/v1/totem/cashier_day',
    summary: "The desk's day by payment method, before it closes",
    description: 'What this desk took on the day: per method the payments and their sum, and the cash the drawer should hold.',
    caller: { kind: 'kiosk', minType: 30 },
    query: { schema: CashierDayQuerySchema, example: { date: '2026-12-12' } },
    reply: {
      status: 200,
      description: 'The day by method.',
      body: json(CashierDayResponseSchema, {
        data: {
          date: '2026-12-12',
          totem: 'BARD-04',
          methods: [
            { method: 'cash', count: 3, total: 150 },
            { method: 'terminal', count: 17, total: 1090 },
          ],
          orders_count: 19,
          total: 1240,
          cash_expected: 150,
        },
      }),
    },
    errors: [],
  },
  {
    method: 'post',
    path: '/v1/totem/close_cashier',
    summary: "Close the desk's day",
    description: `The day's payments as recorded, by method, to set against the terminal's, with the cash counted in the drawer (a difference needs a \`note\`: 422). ${IDEMPOTENT}`,
    caller: { kind: 'kiosk', minType: 30 },
    headers: [IDEMPOTENCY_KEY],
    body: json(CloseCashierRequestSchema, { date: '2026-12-12', pos_log: { result: 'OK', total: 1090 }, counted_cash: 145, note: 'Resto dato in più' }),
    reply: {
      status: 201,
      description: 'What the API recorded for the day.',
      body: json(CloseCashierResponseSchema, {
        data: {
          id: 5,
          date: '2026-12-12',
          totem: 'BARD-04',
          orders_count: 19,
          total: 1240,
          methods: [
            { method: 'cash', count: 3, total: 150 },
            { method: 'terminal', count: 17, total: 1090 },
          ],
          cash_expected: 150,
          cash_counted: 145,
          note: 'Resto dato in più',
        },
      }),
    },
    errors: [409],
  },
]);
