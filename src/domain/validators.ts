// Form validation rules of spec §5. Each rule returns true or an i18n message ({ key, params })
// under `validators.*`, so any form library can translate it (see toFormValidate).
import { MAX_UPLOAD_BYTES } from './medias';
import { roundTo } from './money';
import { isKioskApiServer } from './kiosk';
import type { I18nMessage } from './messages';

/** 20%: quantities may vary this much around a reference. */
export const QUANTITY_TOLERANCE = 0.2;

export type ValidationResult = true | I18nMessage;
export type Validator = (value: unknown) => ValidationResult;

/**
 * The e-mail rule of the API and of every form (the contract's `email()` hands it to z.email):
 * dot-separated words before the @ (no leading, trailing or double dot), a dotted domain ending in
 * a name of two letters or more (a@localhost is not a customer address). Zod's own default, so
 * the API accepts what it always accepted; the forms now refuse before sending what it refused.
 */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * Longest values of an order's text fields, as the API stores them: the order form's schema
 * (src/api/contract/order-form.ts) and the forms that fill it (checkout, item person, cash desk)
 * apply the same numbers.
 */
export const ORDER_FIELD_MAX = {
  /** first_name, last_name: of the order and of each item's person. */
  name: 100,
  phone: 40,
  fiscalCode: 32,
  /** fidelity_card_number, edit_order_code, ref, a coupon code. */
  code: 64,
  /** height, weight, shoe_size of an item's person. */
  measure: 10,
  level: 40,
  /** The size of an item (src/domain/sizes.ts). */
  size: 10,
} as const;

export function isEmpty(value: unknown): boolean {
  if (value == null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Decimal number from a field; Italian users type a comma. NaN when not a number. */
export function parseDecimal(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return NaN;
  const text = value.trim().replace(',', '.');
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : NaN;
}

export const required: Validator = (value) => (isEmpty(value) ? { key: 'validators.required' } : true);

// Length rules leave empty values to `required`, so optional fields may stay blank.
export function minLength(length: number): Validator {
  return (value) =>
    isEmpty(value) || String(value).length >= length ? true : { key: 'validators.minLength', params: { length } };
}

export function maxLength(length: number): Validator {
  return (value) =>
    isEmpty(value) || String(value).length <= length ? true : { key: 'validators.maxLength', params: { length } };
}

/** A positive number (> 0), and at most `max` when given. */
export function quantity(max?: number | null): Validator {
  return (value) => {
    const n = parseDecimal(value);
    if (!(n > 0)) return { key: 'validators.minQuantity' };
    if (max != null && n > max) return { key: 'validators.maxQuantity', params: { max } };
    return true;
  };
}

/**
 * A measure of a person (height, weight, shoe size): a number from `min` to `max`, both included.
 * Its own messages name the bound, not a "quantity" (a shop counts pieces, not centimetres).
 * Spec §5 "number and required-number fail with validators.required": a value parseDecimal reads
 * no number from is treated as no value, the message a blank field gets; the API's schemas
 * (src/api/contract/people.ts, order-form.ts) read the same parseDecimal. Blank passes: combine
 * with `required`.
 */
export function numberRange(min: number, max: number): Validator {
  return (value) => {
    if (isEmpty(value)) return true;
    const n = parseDecimal(value);
    if (Number.isNaN(n)) return { key: 'validators.required' };
    if (n < min) return { key: 'validators.minValue', params: { min } };
    if (n > max) return { key: 'validators.maxValue', params: { max } };
    return true;
  };
}

/** Blank passes (combine with `required`); otherwise a standard address. */
export const email: Validator = (value) =>
  isEmpty(value) || (typeof value === 'string' && EMAIL_PATTERN.test(value.trim())) ? true : { key: 'validators.email' };

/**
 * The API's phone rule (the order form's `phone`, src/api/contract/order-form.ts): an optional +,
 * then 6 to 30 digits, spaces and ( ) . / -. Checked in the browser so a number the server would
 * refuse is caught before the order is sent; tests/unit/api/contract/phone-rule.test.ts keeps the two equal.
 */
export const PHONE_PATTERN = /^\+?[0-9 ()./-]{6,30}$/;

/** Blank passes (combine with `required`); otherwise the API's phone pattern, on the trimmed value as the API reads it. */
export const phone: Validator = (value) =>
  isEmpty(value) || (typeof value === 'string' && PHONE_PATTERN.test(value.trim())) ? true : { key: 'validators.phone' };

/** Equal to another value (or to what a getter returns at validation time), else the given message. */
export function equal(other: unknown, messageKey: string, params?: Record<string, unknown>): Validator {
  return (value) => {
    const expected = typeof other === 'function' ? (other as () => unknown)() : other;
    return value === expected ? true : { key: messageKey, ...(params ? { params } : {}) };
  };
}

/**
 * ±20% around the reference, rounded to 2 decimals, or to whole numbers when `param` is 10
 * (quantities counted in pieces).
 */
export function deltaRange(reference: number, param?: number): { min: number; max: number } {
  const decimals = param === 10 ? 0 : 2;
  const a = roundTo(reference * (1 - QUANTITY_TOLERANCE), decimals);
  const b = roundTo(reference * (1 + QUANTITY_TOLERANCE), decimals);
  return { min: Math.min(a, b), max: Math.max(a, b) };
}

/** 0 is always accepted (nothing counted); otherwise the value must lie within deltaRange. */
export function delta(reference: number, param?: number): Validator {
  return (value) => {
    if (isEmpty(value)) return true;
    const n = parseDecimal(value);
    if (n === 0) return true;
    const { min, max } = deltaRange(reference, param);
    return n >= min && n <= max ? true : { key: 'validators.delta', params: { min, max } };
  };
}

/** An http(s) address such as a kiosk's payment terminal (`http://192.168.1.20:4323`); empty passes. */
export const httpUrl: Validator = (value) => {
  if (isEmpty(value)) return true;
  try {
    const url = new URL(String(value).trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? true : { key: 'validators.url' };
  } catch {
    return { key: 'validators.url' };
  }
};

/** A kiosk's API server (`server_url`): the rule is `isKioskApiServer` (./kiosk.ts). */
export const apiServerUrl: Validator = (value) => (isEmpty(value) || isKioskApiServer(String(value)) ? true : { key: 'validators.apiServerUrl' });

/** Under 8 MB. Accepts a File/Blob-like { size } or a byte count; no file passes. */
export const fileSize: Validator = (value) => {
  if (value == null) return true;
  const size = typeof value === 'number' ? value : (value as { size?: unknown }).size;
  return typeof size === 'number' && size < MAX_UPLOAD_BYTES ? true : { key: 'validators.fileSize' };
};

/** First failing rule's message, or true. */
export function validate(value: unknown, rules: readonly Validator[]): ValidationResult {
  for (const rule of rules) {
    const result = rule(value);
    if (result !== true) return result;
  }
  return true;
}

/**
 * Adapter for forms whose `validate` wants true or an error string (the islands'
 * `register(name, { validate })`), without depending on them: pass i18next's `t`.
 */
export function toFormValidate(
  rules: Validator | readonly Validator[],
  translate: (key: string, params?: Record<string, unknown>) => string,
): (value: unknown) => true | string {
  const list = typeof rules === 'function' ? [rules] : rules;
  return (value) => {
    const result = validate(value, list);
    return result === true ? true : translate(result.key, result.params);
  };
}
