// The contract's date rules where they live (src/api/contract/fields.ts), read through the schemas
// the API and the forms parse with: a range is at most MAX_RANGE_DAYS long, counted by the date
// arithmetic's daysBetween (src/domain/dates.ts) on the shop query, the order form and "Ask the
// shop" alike; and a document id beyond the database's integers is refused by intLike.
import { describe, expect, it } from 'vitest';
import { BookingQuerySchema } from '~/api/contract/booking-query';
import { bookingRequestSchema } from '~/api/contract/booking-requests';
import { MAX_RANGE_DAYS, isRangeTooLong } from '~/api/contract/fields';
import { OrderFormMediaSchema, OrderFormSchema } from '~/api/contract/order-form';
import { addDays } from '~/domain/dates';

/** Every issue's path and message, so a test sees which rule refused and where. */
function issues(result: { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

const FROM = '2027-01-10';
const LONGEST = addDays(FROM, MAX_RANGE_DAYS);
const TOO_LONG = addDays(FROM, MAX_RANGE_DAYS + 1);

describe('isRangeTooLong', () => {
  it('allows MAX_RANGE_DAYS between the days and refuses one more, in either order', () => {
    expect(isRangeTooLong(FROM, LONGEST)).toBe(false);
    expect(isRangeTooLong(LONGEST, FROM)).toBe(false);
    expect(isRangeTooLong(FROM, TOO_LONG)).toBe(true);
    expect(isRangeTooLong(TOO_LONG, FROM)).toBe(true);
  });

  it('counts calendar days across a leap day and a summer-time change', () => {
    // 2028 is a leap year: 29/02 is one of the days, so 365 days on from 01/03/2027 is 29/02/2028.
    expect(isRangeTooLong('2027-03-01', '2028-02-29')).toBe(false);
    expect(isRangeTooLong('2027-03-01', '2028-03-01')).toBe(true);
  });
});

describe('the shop query and the order form refuse a range over a year', () => {
  const query = (from: string, to: string) => BookingQuerySchema.safeParse({ from, to });
  const form = (from: string, to: string) =>
    OrderFormSchema.safeParse({ from, to, first_name: 'Anna', last_name: 'Rossi', phone: '+39 333 1234567', email: 'anna@example.com', cart: [{ prices: [1] }] });

  it('accepts the longest range', () => {
    expect(issues(query(FROM, LONGEST))).toEqual([]);
    expect(issues(form(FROM, LONGEST))).toEqual([]);
  });

  it.each([
    ['in order', FROM, TOO_LONG],
    ['reversed', TOO_LONG, FROM],
  ])('refuses one day more (%s) on `to`', (_, from, to) => {
    expect(issues(query(from, to))).toEqual(['to: validators.rangeTooLong']);
    expect(issues(form(from, to))).toEqual(['to: validators.rangeTooLong']);
  });

  it('reports a day that does not exist as a date, never reaching the range arithmetic', () => {
    // daysBetween throws on a non-day: the range rule must not run on one (day() aborts).
    expect(issues(query('2027-02-30', TOO_LONG))).toEqual(['from: validators.date']);
    expect(issues(form(FROM, '2029-13-01'))).toEqual(['to: validators.date']);
  });
});

describe('"Ask the shop" refuses a range over a year', () => {
  const request = (date_from: string, date_to: string) =>
    bookingRequestSchema('2027-01-01').safeParse({ shop_id: 1, first_name: 'Anna', last_name: 'Rossi', email: 'anna@example.com', date_from, date_to, people: 12, message: 'A school group' });

  it('accepts the longest range and refuses one day more', () => {
    expect(issues(request(FROM, LONGEST))).toEqual([]);
    expect(issues(request(FROM, TOO_LONG))).toEqual(['date_to: validators.rangeTooLong']);
  });

  it('a reversed range is a wrong order, not a long one', () => {
    expect(issues(request(TOO_LONG, FROM))).toEqual(['date_to: validators.dateOrder']);
  });
});

describe("a document's id on the order form", () => {
  it("is bounded by intLike to the database's integers", () => {
    expect(OrderFormMediaSchema.safeParse({ id: '2147483647' }).success).toBe(true);
    expect(issues(OrderFormMediaSchema.safeParse({ id: '2147483648' }))).toEqual(['id: validators.invalid']);
  });
});
