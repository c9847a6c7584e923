// Field rules shared by the API and the forms, with the spec's message keys (validators.*), so the
// server's 422 messages and the browser's own checks say the same thing.
import { z } from 'zod';

export const requiredString = (max = 255) =>
  z
    .string({ error: 'validators.required' })
    .trim()
    .min(1, 'validators.required')
    .max(max, 'validators.maxLength');

export const optionalString = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, 'validators.maxLength')
    .optional()
    .transform((v) => (v ? v : undefined));

export const email = () =>
  z.string({ error: 'validators.required' }).trim().min(1, 'validators.required').pipe(z.email('validators.email'));

export const password = () =>
  z.string({ error: 'validators.required' }).min(8, 'validators.minLength').max(200, 'validators.maxLength');

/** `YYYY-MM-DD` calendar day. */
export const day = () =>
  z
    .string({ error: 'validators.required' })
    // abort: a malformed day is reported once, not again by the calendar check below.
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validators.date', abort: true })
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'validators.date');

/** A form flag sent as 1/0, '1'/'0', true/false. */
export const flag = () =>
  z
    .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false', ''])])
    .optional()
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** A whole number sent as a number or a numeric string. */
export const intLike = () =>
  z.union([z.number(), z.string().regex(/^-?\d+$/, 'validators.required')], { error: 'validators.required' }).transform(Number).pipe(z.number().int());
