// The kiosk's payment-terminal orchestrator (spec §7): POST {pos}/process with the operations to
// run, their payload and the order. `npm start` runs a simulator of it (server/pos).
import { z } from 'zod';
import { ReceiptItemSchema } from './kiosk';

/** 10 pay, 20 receipt, 30 print, 40 close cashier (domain `TerminalOperation`). */
export const TerminalOperationSchema = z.union([z.literal(10), z.literal(20), z.literal(30), z.literal(40)]);

export const PosProcessRequestSchema = z.object({
  operations: z.array(TerminalOperationSchema, { error: 'validators.required' }).min(1, 'validators.required').max(4),
  payload: z
    .looseObject({
      amount: z.number().min(0, 'validators.minQuantity').optional(),
      items: z.array(ReceiptItemSchema).max(200).optional(),
      text: z.string().max(10_000).optional(),
    })
    .default({}),
  order: z
    .looseObject({
      number: z.string().min(1, 'validators.required'),
      /** Only the day (first 10 characters) is sent. */
      date_to: z.string().max(10, 'validators.maxLength').optional(),
      total_amount: z.number().optional(),
    })
    .nullable()
    .optional(),
});
export type PosProcessRequest = z.input<typeof PosProcessRequestSchema>;

/**
 * One entry per operation; `operation_completed: false` is a failure whose `notes` say why. Spec §7:
 * success only requires it not to be false, so an orchestrator that leaves it out succeeded.
 */
export const PosResultSchema = z.looseObject({
  operation: TerminalOperationSchema,
  operation_completed: z.boolean().optional(),
  notes: z.string().nullable().optional(),
  transaction_id: z.string().nullable().optional(),
  amount: z.number().nullable().optional(),
  receipt_lines: z.number().optional(),
  totals: z.object({ payments: z.number(), amount: z.number() }).optional(),
});
export type PosResult = z.infer<typeof PosResultSchema>;

export const PosProcessResponseSchema = z.object({ results: z.array(PosResultSchema) });

/** Failures the simulator can inject: declined card, printer out of paper, no answer at all. */
export const PosFailureSchema = z.enum(['declined', 'paper_out', 'timeout']);
export type PosFailure = z.infer<typeof PosFailureSchema>;

/** POST /control of the simulator. */
export const PosControlSchema = z.object({
  failure: PosFailureSchema.nullable().optional(),
  /** Applies the failure to the next request only. */
  once: z.boolean().optional(),
  delay_ms: z.number().int().min(0).max(60_000).optional(),
});
