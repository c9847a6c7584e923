import { describe, expect, it } from 'vitest';
import {
  httpUrl,
  QUANTITY_TOLERANCE,
  delta,
  deltaRange,
  email,
  equal,
  fileSize,
  isEmpty,
  maxLength,
  minLength,
  numberRange,
  parseDecimal,
  phone,
  quantity,
  required,
  toFormValidate,
  validate,
} from './validators';
import { MAX_UPLOAD_BYTES } from './medias';

const REQUIRED = { key: 'validators.required' };

describe('required', () => {
  it.each([
    ['', REQUIRED],
    ['   ', REQUIRED],
    [null, REQUIRED],
    [undefined, REQUIRED],
    [[], REQUIRED],
    ['x', true],
    [0, true],
    [false, true],
    [['a'], true],
  ])('%j → %j', (value, expected) => {
    expect(required(value)).toEqual(expected);
  });
});

describe('minLength / maxLength', () => {
  it.each([
    [minLength(3), 'ab', { key: 'validators.minLength', params: { length: 3 } }],
    [minLength(3), 'abc', true],
    [minLength(3), '', true], // blank is left to `required`
    [maxLength(3), 'abcd', { key: 'validators.maxLength', params: { length: 3 } }],
    [maxLength(3), 'abc', true],
    [maxLength(3), null, true],
    [minLength(2), 12345, true],
  ])('rule on %j', (rule, value, expected) => {
    expect(rule(value)).toEqual(expected);
  });
});

describe('quantity', () => {
  const MIN = { key: 'validators.minQuantity' };
  it.each([
    [undefined, 1, true],
    [undefined, '2,5', true],
    [undefined, '0.5', true],
    [undefined, 0, MIN], // must be positive
    [undefined, -1, MIN],
    [undefined, '', MIN],
    [undefined, 'abc', MIN],
    [undefined, '3abc', MIN],
    [undefined, NaN, MIN],
    [10, 10, true], // the maximum itself is allowed
    [10, 10.01, { key: 'validators.maxQuantity', params: { max: 10 } }],
    [10, '11', { key: 'validators.maxQuantity', params: { max: 10 } }],
    [null, 1000, true],
  ])('max %s, value %j → %j', (max, value, expected) => {
    expect(quantity(max)(value)).toEqual(expected);
  });
});

describe('numberRange (measures: height, weight, shoe size)', () => {
  const MIN = { key: 'validators.minValue', params: { min: 50 } };
  const MAX = { key: 'validators.maxValue', params: { max: 250 } };
  // Spec §5: a number field that holds no number fails as a blank one does.
  const NAN = { key: 'validators.required' };
  it.each([
    ['', true], // blank is left to `required`
    [null, true],
    ['50', true], // both bounds are allowed
    ['250', true],
    [175, true],
    ['175,5', true], // Italian decimal comma
    ['49.9', MIN],
    [0, MIN],
    ['-3', MIN],
    [' 175,5 ', true],
    ['250.01', MAX],
    [1000, MAX],
    ['abc', NAN],
    ['1e3', NAN],
    ['4 2', NAN],
    ['abc,5', NAN],
    [NaN, NAN],
  ])('50–250, value %j → %j', (value, expected) => {
    expect(numberRange(50, 250)(value)).toEqual(expected);
  });

  it('never answers with a quantity message', () => {
    for (const value of ['0', '300', 'x']) {
      const result = numberRange(10, 250)(value);
      expect(result === true ? '' : result.key).not.toMatch(/Quantity/);
    }
  });
});

describe('phone (the API\'s order-form rule)', () => {
  const BAD = { key: 'validators.phone' };
  it.each([
    ['+39 333 1234567', true],
    ['0122 755444', true],
    ['(0122) 75.54.44', true],
    ['333/1234567', true],
    ['  +39 333 1234567  ', true], // the API trims before checking
    ['123456', true], // 6 characters: the shortest accepted
    ['', true], // blank is left to `required`
    ['12', BAD],
    ['123', BAD],
    ['12345', BAD],
    ['+39 333 abc4567', BAD],
    ['39+333', BAD], // + only in front
    ['1'.repeat(31), BAD],
    [3331234567, BAD], // a form field is a string
  ])('%j → %j', (value, expected) => {
    expect(phone(value)).toEqual(expected);
  });
});

describe('email', () => {
  const BAD = { key: 'validators.email' };
  it.each([
    ['mario.rossi@example.it', true],
    ['m+tag@sub.example.com', true],
    [' mario@example.it ', true],
    ['', true], // blank is left to `required`
    ['mario', BAD],
    ['mario@', BAD],
    ['@example.it', BAD],
    ['mario@example', BAD],
    ['mario rossi@example.it', BAD],
    ['mario@exa mple.it', BAD],
    ['mario@@example.it', BAD],
    [42, BAD],
  ])('%j → %j', (value, expected) => {
    expect(email(value)).toEqual(expected);
  });
});

describe('equal', () => {
  it('compares with a value or a getter and uses the custom message', () => {
    expect(equal('secret', 'validators.passwordMismatch')('secret')).toBe(true);
    expect(equal('secret', 'validators.passwordMismatch')('other')).toEqual({ key: 'validators.passwordMismatch' });
    let current = 'a';
    const rule = equal(() => current, 'x.y', { field: 'password' });
    expect(rule('a')).toBe(true);
    current = 'b';
    expect(rule('a')).toEqual({ key: 'x.y', params: { field: 'password' } });
  });
});

describe('deltaRange', () => {
  it.each<[number, number | undefined, { min: number; max: number }]>([
    [10, undefined, { min: 8, max: 12 }],
    [3, undefined, { min: 2.4, max: 3.6 }], // 2.4000000000000004 rounded to 2 decimals
    [1.23, undefined, { min: 0.98, max: 1.48 }], // 0.984 → 0.98, 1.476 → 1.48
    [7, 10, { min: 6, max: 8 }], // whole numbers when the param is 10: 5.6 → 6, 8.4 → 8
    [13, 10, { min: 10, max: 16 }], // 10.4 → 10, 15.6 → 16
    [2.5, 10, { min: 2, max: 3 }],
    [0, undefined, { min: 0, max: 0 }],
    [-10, undefined, { min: -12, max: -8 }],
    [10, 2, { min: 8, max: 12 }], // any other param keeps 2 decimals
  ])('deltaRange(%s, %s) = %j', (reference, param, expected) => {
    expect(deltaRange(reference, param)).toEqual(expected);
  });

  it('uses the 20% tolerance', () => {
    expect(QUANTITY_TOLERANCE).toBe(0.2);
  });
});

describe('delta', () => {
  it.each<[number, number | undefined, unknown, unknown]>([
    [10, undefined, 0, true], // 0 is accepted
    [10, undefined, '0', true],
    [10, undefined, 8, true], // bounds inclusive
    [10, undefined, 12, true],
    [10, undefined, '10,5', true],
    [10, undefined, 7.99, { key: 'validators.delta', params: { min: 8, max: 12 } }],
    [10, undefined, 12.01, { key: 'validators.delta', params: { min: 8, max: 12 } }],
    [10, undefined, 'abc', { key: 'validators.delta', params: { min: 8, max: 12 } }],
    [10, undefined, '', true], // blank is left to `required`
    [7, 10, 5, { key: 'validators.delta', params: { min: 6, max: 8 } }],
    [7, 10, 6, true],
  ])('reference %s, param %s, value %j → %j', (reference, param, value, expected) => {
    expect(delta(reference, param)(value)).toEqual(expected);
  });
});

describe('fileSize', () => {
  const TOO_BIG = { key: 'validators.fileSize' };
  it.each([
    [{ size: 0 }, true],
    [{ size: 8 * 1024 * 1024 - 1 }, true],
    [{ size: 8 * 1024 * 1024 }, TOO_BIG], // must be under 8 MB
    [{ size: 9_000_000 }, TOO_BIG],
    [8 * 1024 * 1024 - 1, true],
    [null, true],
    [undefined, true],
    [{}, TOO_BIG],
  ])('%j → %j', (value, expected) => {
    expect(fileSize(value)).toEqual(expected);
  });

  it('works on a real Blob', () => {
    expect(fileSize(new Blob(['x'.repeat(10)]))).toBe(true);
    expect(MAX_UPLOAD_BYTES).toBe(8_388_608);
  });
});

describe('helpers and form adapter', () => {
  it('isEmpty and parseDecimal', () => {
    expect(isEmpty({})).toBe(false);
    expect(parseDecimal('1,5')).toBe(1.5);
    expect(parseDecimal('.5')).toBe(0.5);
    expect(parseDecimal(true)).toBeNaN();
  });

  it('validate returns the first failure', () => {
    expect(validate('', [required, minLength(3)])).toEqual(REQUIRED);
    expect(validate('ab', [required, minLength(3)])).toEqual({ key: 'validators.minLength', params: { length: 3 } });
    expect(validate('abc', [required, minLength(3)])).toBe(true);
  });

  it('toFormValidate translates the message for react-hook-form style validate', () => {
    const t = (key: string, params?: Record<string, unknown>) => `${key}${params ? JSON.stringify(params) : ''}`;
    const validateQuantity = toFormValidate([required, quantity(5)], t);
    expect(validateQuantity('3')).toBe(true);
    expect(validateQuantity('')).toBe('validators.required');
    expect(validateQuantity('6')).toBe('validators.maxQuantity{"max":5}');
    expect(toFormValidate(email, t)('x')).toBe('validators.email');
  });
});

describe('httpUrl', () => {
  it.each([
    ['', true],
    ['http://localhost:4323', true],
    ['https://pos.shop.example/', true],
    ['localhost:4323', false],
    ['ftp://pos', false],
    ['not a url', false],
  ])('%j → %s', (value, ok) => {
    expect(httpUrl(value)).toEqual(ok ? true : { key: 'validators.url' });
  });
});
