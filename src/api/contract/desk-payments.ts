// What a cash desk sends when it takes a payment by another method than the card terminal alone
// (cash, a card or a transfer outside it, or a split across two methods), and the day's payments by
// method it shows before the cashier close. The rules the parts follow are src/domain/desk-methods.ts.
import * as z from 'zod/mini';
import { MAX_PAYMENT_PARTS, paymentPartsProblem, terminalPart } from '~/domain/desk-methods';
import { day, optionalString } from './fields';
import { PaymentMethodSchema } from './order-payments';
import { dateTime, terminalResponse } from './staff';

const money = () =>
  z.number({ error: 'validators.required' }).check(z.gte(0, 'validators.minQuantity'), z.lte(1_000_000, 'validators.maxQuantity'));

export const PaymentPartSchema = z.object({
  method: PaymentMethodSchema,
  amount: money(),
  /** Cash only: what the customer handed over. */
  received: z.optional(money()),
  /** Outside the terminal: a receipt or transfer reference. */
  reference: optionalString(80),
});

/**
 * POST v1/orders/{id}/desk_payments (type-30 totems), with an Idempotency-Key: the parts of one payment,
 * adding up to the order's total (else 422 on `parts`). A part on the terminal needs the claim's
 * `attempt` it was charged under (else 422 on `attempt`), and what the terminal answered.
 */
export const RecordPaymentsRequestSchema = z
  .object({
    date: dateTime(),
    parts: z.array(PaymentPartSchema).check(z.minLength(1, 'validators.required'), z.maxLength(MAX_PAYMENT_PARTS, 'validators.maxQuantity')),
    attempt: z.optional(z.uuid({ error: 'validators.invalid' })),
    pos_log: z.optional(z.nullable(terminalResponse())),
    /** The terminal part was charged by the configuration's simulated POS: refused outside demo mode. */
    simulated: z.optional(z.boolean({ error: 'validators.invalid' })),
  })
  .check(
    z.refine((v) => !terminalPart(v.parts) || !!v.attempt, { message: 'validators.required', path: ['attempt'] }),
    // Every rule but the total, which only the order knows: the server checks it against the order.
    z.superRefine((v, ctx) => {
      const problem = paymentPartsProblem(v.parts, v.parts.reduce((sum, p) => sum + p.amount, 0));
      if (problem) ctx.addIssue({ code: 'custom', message: `api.${problem.key}`, params: problem.params, path: problem.field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)), input: v });
    }),
  );
export type RecordPaymentsRequest = z.input<typeof RecordPaymentsRequestSchema>;

const MethodTotalSchema = z.object({ method: PaymentMethodSchema, count: z.number(), total: z.number() });

/** GET v1/totem/cashier_day?date=: the day's payments this desk took, by method, before closing it. */
export const CashierDayQuerySchema = z.object({ date: day() });
export const CashierDayResponseSchema = z.object({
  data: z.object({
    date: z.string(),
    totem: z.string(),
    methods: z.array(MethodTotalSchema),
    orders_count: z.number(),
    total: z.number(),
    /** The cash the drawer should hold from the day's payments. */
    cash_expected: z.number(),
  }),
});
export type CashierDay = z.infer<typeof CashierDayResponseSchema>['data'];
export { MethodTotalSchema };
