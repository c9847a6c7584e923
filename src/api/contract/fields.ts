// Field rules shared by the API and the forms, with the spec's message keys (validators.*), so the
// server's 422 messages and the browser's own checks say the same thing.
// zod/mini: the browser bundles what it parses, and mini's functional API lets the
// bundler drop what is not used. Mini has no default (English) messages: a rule's message is its
// validators.* key, or the issue's code is mapped to one (server/http/validation.ts,
// src/components/ui/zod-resolver.ts).
import * as z from 'zod/mini';
import { daysBetween, isDay } from '~/domain/dates';
import { EMAIL_PATTERN } from '~/domain/validators';

/**
 * C0 control characters (U+0000–U+001F) and DEL: no name, code or search holds one, PostgreSQL
 * and PGlite refuse a NUL in text (a failed query, not a refusal), and the others would reach
 * mails, PDFs and logs. A pattern rather than a refinement: the OpenAPI document shows it to
 * clients (server/openapi), and tests/api/control-bytes.test.ts finds every string a request
 * carries by it.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the rule
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001F\u007F]*$/;
/** The same for free text (a message, a problem's description): tab and line breaks are its own. */
// eslint-disable-next-line no-control-regex -- as above
export const NO_CONTROL_CHARACTERS_IN_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

/**
 * The check every string of a request carries (`multiline`: free text). abort: a control byte
 * is the one thing said of the field, not also its length.
 */
export const noControlCharacters = (multiline = false) =>
  z.regex(multiline ? NO_CONTROL_CHARACTERS_IN_TEXT : NO_CONTROL_CHARACTERS, { message: 'validators.controlCharacters', abort: true });

/** A string of a request with no rule of its own but this one: a code, a search, a free key. */
export const plainString = () => z.string().check(noControlCharacters());

export const requiredString = (max = 255) =>
  z
    .string({ error: 'validators.required' })
    .check(z.trim(), noControlCharacters(), z.minLength(1, 'validators.required'), z.maxLength(max, 'validators.maxLength'));

/** Free text a person writes, over several lines (a message to the shop): tabs and line breaks kept. */
export const requiredText = (max: number) =>
  z
    .string({ error: 'validators.required' })
    .check(z.trim(), noControlCharacters(true), z.minLength(1, 'validators.required'), z.maxLength(max, 'validators.maxLength'));

export const optionalString = (max = 255) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), noControlCharacters(), z.maxLength(max, 'validators.maxLength'))),
    z.transform((v: string | undefined) => (v ? v : undefined)),
  );

export const email = () =>
  z.pipe(
    z.string({ error: 'validators.required' }).check(z.trim(), noControlCharacters(), z.minLength(1, 'validators.required')),
    // The forms' rule (src/domain/validators.ts), one pattern for both sides.
    z.email({ pattern: EMAIL_PATTERN, error: 'validators.email' }),
  );

export const password = () =>
  z
    .string({ error: 'validators.required' })
    .check(noControlCharacters(), z.minLength(8, 'validators.minLength'), z.maxLength(200, 'validators.maxLength'));

/**
 * The days a rental can be about: any other year is a typo (0205 for 2025), and far years are
 * where JavaScript dates stop behaving (years 0–99 read as 1900–1999 by Date.UTC, a day after
 * 9999-12-31 written with a six-digit year).
 */
export const MIN_DAY = '2000-01-01';
export const MAX_DAY = '2100-12-31';

/** `YYYY-MM-DD` calendar day from MIN_DAY to MAX_DAY. */
export const day = () =>
  z.string({ error: 'validators.required' }).check(
    // abort: a malformed day is reported once, not again by the calendar check below.
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validators.date', abort: true }),
    // isDay: the same check as the date arithmetic's (src/domain/dates.ts), so a day accepted here
    // can never make it throw. Same-width 'YYYY-MM-DD' strings compare like the days they name.
    // abort: the query's own rules (span, order of the days) have nothing to say about a non-day.
    z.refine((s: string) => isDay(s) && s >= MIN_DAY && s <= MAX_DAY, { message: 'validators.date', abort: true }),
  );

/** A form flag sent as 1/0, '1'/'0', true/false. */
export const flag = () =>
  z.pipe(
    z.optional(z.union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false', ''])])),
    z.transform((v: boolean | 1 | 0 | '1' | '0' | 'true' | 'false' | '' | undefined) => v === true || v === 1 || v === '1' || v === 'true'),
  );

/** PostgreSQL's integer range: the ids and counts the API stores. */
const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

/** A whole number sent as a number or a numeric string, within PostgreSQL's integer range. */
export const intLike = () =>
  z.pipe(
    z.pipe(
      z.union([z.number(), z.string().check(z.regex(/^-?\d+$/, 'validators.required'))], { error: 'validators.required' }),
      z.transform((v: number | string) => Number(v)),
    ),
    z.number().check(z.int(), z.gte(INT_MIN, 'validators.invalid'), z.lte(INT_MAX, 'validators.invalid')),
  );

/** The longest range that can be booked or asked for, in days. */
export const MAX_RANGE_DAYS = 365;

/**
 * A range longer than MAX_RANGE_DAYS, the days in either order, counted by the date arithmetic's
 * daysBetween (src/domain/dates.ts). Both days must be days (`day()`): the schemas' refinements
 * that call this run only once every field parsed, and `day()` aborts on a non-day.
 */
export function isRangeTooLong(from: string, to: string): boolean {
  return Math.abs(daysBetween(from, to)) > MAX_RANGE_DAYS;
}

/**
 * Date-shape rules shared by the shop query and the order form: morning or afternoon apply to a
 * single day, and a range is at most a year.
 */
export function checkDateShape(
  value: { from?: string; to?: string; morning?: boolean; afternoon?: boolean; season?: boolean },
  ctx: z.core.$RefinementCtx,
): void {
  if (value.season || !value.from || !value.to || value.to === value.from) return;
  if (value.morning !== value.afternoon) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validators.halfDayRange' });
  if (isRangeTooLong(value.from, value.to)) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validators.rangeTooLong' });
  }
}
