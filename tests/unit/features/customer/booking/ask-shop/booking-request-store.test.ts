// The "Ask the shop" submission (src/features/customer/booking/ask-shop/stores/booking-request.ts) against the real API: the app's
// client over a fetch that reaches a real Hono app on a fresh PGlite database, so the 422s mapped
// under the fields are the server's own — including those only the server can know (a shop that
// does not exist) — and the 429 is the real limiter's.
import { describe, expect, it, vi } from 'vitest';
import { bookingRequestBody, fieldMessages, sentCopy, submitBookingRequest, type BookingRequestFormValues } from '~/features/customer/booking/ask-shop/stores/booking-request';
import { BOOKING_REQUEST_COPIES_PER_RECIPIENT, DEFAULT_BOOKING_REQUESTS_PER_ADDRESS } from '~server/routes/booking-requests';
import { getT } from '~/i18n/server';
import { testDrivers } from '~tests/support/databases';
import { seededApi, type TestApi } from '~tests/support/app';
import { day, readMail } from '~tests/support/orders';

const server = vi.hoisted(() => ({ api: null as TestApi | null }));

vi.mock('~/stores/api', async () => ({ api: (await import('~tests/support/fake-api-client')).testApiClient(server) }));

const en = getT('en');
const values: BookingRequestFormValues = {
  shop_id: '1',
  first_name: 'Anna',
  last_name: 'Neri',
  email: 'anna.neri@example.com',
  phone: '',
  date_from: day(20),
  date_to: day(22),
  people: '3',
  message: 'Three pairs of snowshoes, please.',
};

describe('submitBookingRequest', () => {
  server.api = seededApi(testDrivers[0]!);

  it('builds the body from the form values and the page language', () => {
    expect(bookingRequestBody(values, 'fr')).toEqual({ ...values, locale: 'fr' });
  });

  it('sends the request: the API stores it and the outcome carries it', async () => {
    const outcome = await submitBookingRequest(values, 'en');
    expect(outcome).toMatchObject({ kind: 'sent', request: { id: expect.any(Number), shop_id: 1, people: 3, email: values.email, phone: null, locale: 'en' } });
    expect(outcome).toMatchObject({ copy: 'sent' });
    expect(server.api!.outbox().map(readMail).map((m) => m.to)).toContain(values.email);
  });

  it("maps the API's 422 messages under the fields, including what only the server knows", async () => {
    expect(await submitBookingRequest({ ...values, shop_id: '999' }, 'en')).toEqual({ kind: 'invalid', errors: { shop_id: en('validators.unknownShop') } });
    expect(await submitBookingRequest({ ...values, email: 'anna@', people: '0', date_from: day(-3) }, 'en')).toEqual({
      kind: 'invalid',
      errors: { email: en('validators.email'), people: en('validators.minQuantity'), date_from: en('validators.pastDate') },
    });
  });

  it('puts messages of no form field on the form itself', () => {
    expect(fieldMessages({ locale: ['Invalid value'], message: ['Too long', 'Other'] })).toEqual({ root: 'Invalid value', message: 'Too long' });
  });

  it('reports too many requests as a failure with the server message', async () => {
    // The first test's request counted too: the rest of the hour's allowance, then one more.
    for (let n = 1; n < DEFAULT_BOOKING_REQUESTS_PER_ADDRESS.limit; n++) expect((await submitBookingRequest(values, 'en')).kind).toBe('sent');
    const outcome = await submitBookingRequest(values, 'en');
    expect(outcome.kind).toBe('failed');
    expect(outcome.kind === 'failed' && outcome.message).toMatch(/^Too many attempts/);
  });

  it("says whether the customer's copy went: sent, skipped past the address's copies of the day, or none asked", async () => {
    // A fresh hour for this address's requests (the test above used them up).
    server.api!.setNow(new Date(Date.now() + 2 * DEFAULT_BOOKING_REQUESTS_PER_ADDRESS.windowMs));
    // By slug, as the static pages send it.
    const capped = { ...values, shop_id: 'sport-noleggio-sestriere', email: 'capped@example.com' };
    for (let n = 0; n < BOOKING_REQUEST_COPIES_PER_RECIPIENT.limit; n++) {
      expect(await submitBookingRequest(capped, 'en')).toMatchObject({ kind: 'sent', copy: 'sent', request: { shop_id: 1, copied: true } });
    }
    expect(await submitBookingRequest(capped, 'en')).toMatchObject({ kind: 'sent', copy: 'notSent', request: { copied: false } });
    expect(await submitBookingRequest({ ...capped, email: '', phone: '+39 333 1234567' }, 'en')).toMatchObject({ kind: 'sent', copy: null });
  });
});

describe('what the confirmation says of the copy', () => {
  it('promises a copy only when the API says it went, or does not say (an API without `copied`)', () => {
    expect(sentCopy({ email: 'a@example.com', copied: true })).toBe('sent');
    expect(sentCopy({ email: 'a@example.com', copied: false })).toBe('notSent');
    expect(sentCopy({ email: 'a@example.com', copied: undefined })).toBe('sent');
    expect(sentCopy({ email: null, copied: false })).toBeNull();
  });
});
