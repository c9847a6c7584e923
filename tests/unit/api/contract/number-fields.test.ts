// Spec §5: "number and required-number fail with validators.required". The booking's customer
// dialog and the account's people (numberRange of src/domain/validators.ts) and the API's schemas
// (the order form's item person, the account's people) refuse the same values with that message.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { OrderFormCustomerSchema } from '~/api/contract/order-form';
import { PersonPatchSchema } from '~/api/contract/people';
import { numberRange } from '~/domain/validators';

const NOT_NUMBERS = ['alto', '42 e mezzo', '1e3', '4 2', 'abc,5', '42,5,1'];
const NUMBERS = ['43', ' 42,5 ', '180.5'];

function schemaMessages(schema: z.ZodMiniType, value: unknown): string[] {
  const result = z.safeParse(schema, { shoe_size: value });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('number fields (height, weight, shoe size)', () => {
  it.each(NOT_NUMBERS)('%j fails with validators.required in the form and in both schemas', (value) => {
    expect(numberRange(1, 52)(value)).toEqual({ key: 'validators.required' });
    expect(schemaMessages(PersonPatchSchema, value)).toEqual(['validators.required']);
    expect(schemaMessages(OrderFormCustomerSchema, value)).toEqual(['validators.required']);
  });

  it.each(NUMBERS)('%j passes in the form and in both schemas', (value) => {
    expect(numberRange(1, 250)(value)).toBe(true);
    expect(schemaMessages(OrderFormCustomerSchema, value)).toEqual([]);
  });

  it('the people schema reads the number, comma or dot', () => {
    expect(z.parse(PersonPatchSchema, { shoe_size: ' 42,5 ' })).toEqual({ shoe_size: 42.5 });
    expect(z.parse(PersonPatchSchema, { shoe_size: 43 })).toEqual({ shoe_size: 43 });
  });

  it('a blank optional measure of the order form stays absent', () => {
    expect(z.parse(OrderFormCustomerSchema, { shoe_size: '  ' })).toEqual({});
  });
});
