// Field rules shared by the API and the forms, with the spec's message keys (validators.*), so the
// server's 422 messages and the browser's own checks say the same thing.
import { z } from 'zod';
import { isDay } from '../../domain/dates';

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

/**
 * The days a rental can be about: any other year is a typo (0205 for 2025), and far years are
 * where JavaScript dates stop behaving (years 0–99 read as 1900–1999 by Date.UTC, a day after
 * 9999-12-31 written with a six-digit year).
 */
export const MIN_DAY = '2000-01-01';
export const MAX_DAY = '2100-12-31';

/** `YYYY-MM-DD` calendar day from MIN_DAY to MAX_DAY. */
export const day = () =>
  z
    .string({ error: 'validators.required' })
    // abort: a malformed day is reported once, not again by the calendar check below.
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validators.date', abort: true })
    // isDay: the same check as the date arithmetic's (src/domain/dates.ts), so a day accepted here
    // can never make it throw. Same-width 'YYYY-MM-DD' strings compare like the days they name.
    // abort: the query's own rules (span, order of the days) have nothing to say about a non-day.
    .refine((s) => isDay(s) && s >= MIN_DAY && s <= MAX_DAY, { message: 'validators.date', abort: true });

/** A form flag sent as 1/0, '1'/'0', true/false. */
export const flag = () =>
  z
    .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false', ''])])
    .optional()
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** A whole number sent as a number or a numeric string, within PostgreSQL's integer range. */
export const intLike = () =>
  z
    .union([z.number(), z.string().regex(/^-?\d+$/, 'validators.required')], { error: 'validators.required' })
    .transform(Number)
    .pipe(z.number().int().min(-2_147_483_648, 'validators.invalid').max(2_147_483_647, 'validators.invalid'));

/** The longest range that can be booked or asked for, in days. */
export const MAX_RANGE_DAYS = 365;

/**
 * Date-shape rules shared by the shop query and the order form: morning or afternoon apply to a
 * single day, and a range is at most a year.
 */
export function checkDateShape(
  value: { from?: string; to?: string; morning?: boolean; afternoon?: boolean; season?: boolean },
  ctx: z.RefinementCtx,
): void {
  if (value.season || !value.from || !value.to || value.to === value.from) return;
  if (value.morning !== value.afternoon) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validators.halfDayRange' });
  const [a, b] = [value.from, value.to].sort();
  if ((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000 > MAX_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validators.rangeTooLong' });
  }
}
