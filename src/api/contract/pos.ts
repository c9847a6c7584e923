// The kiosk's payment-terminal orchestrator (spec §7): POST {pos}/process with the operations to
// run, their payload and the order. `npm start` runs a simulator of it (server/pos).
import * as z from 'zod/mini';
import { ReceiptItemSchema } from './kiosk';

/** 10 pay, 20 receipt, 30 print, 40 close cashier (domain `TerminalOperation`). */
export const TerminalOperationSchema = z.union([z.literal(10), z.literal(20), z.literal(30), z.literal(40)]);

export const PosProcessRequestSchema = z.object({
  operations: z
    .array(TerminalOperationSchema, { error: 'validators.required' })
    .check(z.minLength(1, 'validators.required'), z.maxLength(4)),
  payload: z._default(
    z.looseObject({
      amount: z.optional(z.number().check(z.gte(0, 'validators.minQuantity'))),
      items: z.optional(z.array(ReceiptItemSchema).check(z.maxLength(200))),
      text: z.optional(z.string().check(z.maxLength(10_000))),
    }),
    {},
  ),
  order: z.optional(
    z.nullable(
      z.looseObject({
        number: z.string().check(z.minLength(1, 'validators.required')),
        /** Only the day (first 10 characters) is sent. */
        date_to: z.optional(z.string().check(z.maxLength(10, 'validators.maxLength'))),
        total_amount: z.optional(z.number()),
      }),
    ),
  ),
});
export type PosProcessRequest = z.input<typeof PosProcessRequestSchema>;

/**
 * One entry per operation; `operation_completed: false` is a failure whose `notes` say why. Spec §7:
 * success only requires it not to be false, so an orchestrator that leaves it out succeeded.
 */
export const PosResultSchema = z.looseObject({
  operation: TerminalOperationSchema,
  operation_completed: z.optional(z.boolean()),
  notes: z.optional(z.nullable(z.string())),
  transaction_id: z.optional(z.nullable(z.string())),
  amount: z.optional(z.nullable(z.number())),
  receipt_lines: z.optional(z.number()),
  totals: z.optional(z.object({ payments: z.number(), amount: z.number() })),
});
export type PosResult = z.infer<typeof PosResultSchema>;

export const PosProcessResponseSchema = z.object({ results: z.array(PosResultSchema) });

/** Failures the simulator can inject: declined card, printer out of paper, no answer at all. */
export const PosFailureSchema = z.enum(['declined', 'paper_out', 'timeout']);
export type PosFailure = z.infer<typeof PosFailureSchema>;

/** POST /control of the simulator. */
export const PosControlSchema = z.object({
  failure: z.optional(z.nullable(PosFailureSchema)),
  /** Applies the failure to the next request only. */
  once: z.optional(z.boolean()),
  delay_ms: z.optional(z.number().check(z.int(), z.gte(0), z.lte(60_000))),
});

/** The simulator's state, as GET and POST /control answer it (the tests and demos read it). */
export const PosStateSchema = z.object({
  failure: z.nullable(PosFailureSchema),
  once: z.boolean(),
  delay_ms: z.number(),
  processed: z.number(),
  pending_payments: z.number(),
});
