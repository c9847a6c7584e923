// The checkout checks the phone in the browser with the domain's `phone` validator so that a
// number the API would refuse is caught before the order is sent. The API validates the order
// form with its own zod schema: this keeps the two rules answering the same.
import { describe, expect, it } from 'vitest';
import { OrderFormSchema } from '~/api/contract/order-form';
import { email, maxLength, ORDER_FIELD_MAX, phone, required, validate } from '~/domain/validators';

const SAMPLES = [
  '+39 333 1234567',
  '0122 755444',
  '(0122) 75.54.44',
  '333/1234567',
  '333-123-4567',
  '  +39 333 1234567  ',
  '123456',
  '12345',
  '123',
  '12',
  '',
  '   ',
  '+',
  '++39 333 1234567',
  '39+333 1234',
  '+39 333 abc4567',
  '333_1234567',
  '1'.repeat(30),
  '1'.repeat(31),
  '+' + '1'.repeat(30),
  '1'.repeat(41),
];

describe('phone: the checkout and the API agree', () => {
  const serverPhone = OrderFormSchema.shape.phone;
  it.each(SAMPLES)('%j', (sample) => {
    // The checkout's rules for the field, in its order (Checkout.tsx).
    const browser = validate(sample, [required, maxLength(ORDER_FIELD_MAX.phone), phone]) === true;
    const server = serverPhone.safeParse(sample).success;
    expect(browser).toBe(server);
  });
});

// The e-mail rule: one pattern (src/domain/validators.ts EMAIL_PATTERN) that the contract's
// z.email is given; before, the browser had its own, laxer one.
const EMAILS = [
  'mario.rossi@example.it',
  'm+tag@sub.example.com',
  '  mario@example.it  ',
  "o'brien@example.ie",
  'a..b@example.com',
  '.a@example.com',
  'a.@example.com',
  'a@b.c',
  'mario@example',
  'mario@-example.it',
  'mario@localhost',
  'ma rio@example.it',
  '',
];

describe('email: the checkout and the API agree', () => {
  const serverEmail = OrderFormSchema.shape.email;
  it.each(EMAILS)('%j', (sample) => {
    const browser = validate(sample, [required, email]) === true;
    expect(browser).toBe(serverEmail.safeParse(sample).success);
  });
});
