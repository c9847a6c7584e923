// "Ask the shop" (spec §7 POST v1/booking_requests): the request is stored and mailed to
// the shop and, with an e-mail, copied to the customer in their language; every invalid field is a
// 422 under that field with nothing stored or mailed; accepted requests are limited per address.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookingRequests } from '~server/db/schema/index';
import { DEFAULT_BOOKING_REQUESTS_PER_ADDRESS, BOOKING_REQUEST_COPIES_PER_RECIPIENT } from '~server/routes/booking-requests';
import {
  BOOKING_REQUEST_MESSAGE_MAX,
  BOOKING_REQUEST_PEOPLE_MAX,
  BookingRequestResponseSchema,
} from '~/api/contract/booking-requests';
import { dayToDisplay } from '~/domain/dates';
import { getT } from '~/i18n/server';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { day, readMail } from '../support/orders';
import { outcome } from '../support/contract';

const it_ = getT('it');
const SHOP_EMAIL = 'info@sportnoleggiosestriere.it';
const HOUR_MS = 60 * 60_000;

const request = {
  shop_id: 1,
  first_name: 'Anna',
  last_name: 'Neri',
  email: 'anna.neri@example.com',
  phone: '+39 333 444 5555',
  date_from: day(40),
  date_to: day(45),
  people: 12,
  message: 'Gruppo scolastico: 12 kit sci junior.',
  locale: 'en',
};

describe.each(testDrivers)('booking requests on $name', (driver) => {
  let clock = Date.now();
  let address = 0;
  const api = seededApi(driver, { now: new Date(clock) });
  beforeAll(() => {
    // One proxy hop trusted: each request comes from the address the test names.
    api.deps.trustProxy = 1;
  });

  /** From a new address each time unless `from` names one (the limit is per address). */
  const post = async (body: unknown, init: { from?: string; lang?: string } = {}) => {
    const from = init.from ?? `10.1.${(++address >> 8) & 255}.${address & 255}`;
    const res = await api.request('/api/v1/booking_requests', { method: 'POST', json: body, lang: init.lang, headers: { 'x-forwarded-for': from } });
    // The contract's reading of either answer: the 201 envelope or the refusal.
    return { status: res.status, body: await outcome(res, BookingRequestResponseSchema) };
  };
  const rows = () => api.deps.database.db.select().from(bookingRequests);
  const rawMail = (to: string) => api.outbox().filter((eml) => readMail(eml).to === to);

  it('stores the request, mails the shop (Italian, reply to the customer) and the customer a copy in their language (201)', async () => {
    const before = api.outbox().length;
    const res = await post(request);
    expect(res.status).toBe(201);
    const { data, message } = BookingRequestResponseSchema.parse(res.body);
    expect(message).toBe(getT('en')('api.bookingRequestSent'));
    expect(data).toMatchObject({ ...request, id: expect.any(Number) });
    const [row] = await api.deps.database.db.select().from(bookingRequests).where(eq(bookingRequests.id, data.id));
    expect(row).toMatchObject({ shopId: 1, firstName: 'Anna', lastName: 'Neri', email: request.email, phone: request.phone, people: 12, locale: 'en', dateFrom: day(40), dateTo: day(45) });

    const mails = api.outbox().slice(before).map(readMail);
    expect(mails.map((m) => m.to).sort()).toEqual([request.email, SHOP_EMAIL].sort());
    const shop = mails.find((m) => m.to === SHOP_EMAIL)!;
    expect(shop.subject).toBe('Richiesta di prenotazione da Anna Neri');
    for (const line of [
      'Negozio: Sport Noleggio Sestriere',
      'Nome: Anna Neri',
      'Email: anna.neri@example.com',
      'Telefono: +39 333 444 5555',
      `Date: dal ${dayToDisplay(day(40))} al ${dayToDisplay(day(45))}`,
      'Persone: 12',
      'Lingua del cliente: English',
      request.message,
    ]) {
      expect(shop.text).toContain(line);
    }
    // A reply from the shop's mail program goes to the customer.
    expect(rawMail(SHOP_EMAIL).at(-1)).toMatch(/^Reply-To: anna\.neri@example\.com$/m);
    const copy = mails.find((m) => m.to === request.email)!;
    expect(copy.subject).toBe('Your request to Sport Noleggio Sestriere');
    expect(copy.text).toContain('Hello,');
    expect(copy.text).toContain(`Dates: from ${dayToDisplay(day(40))} to ${dayToDisplay(day(45))}`);
    // Nothing typed freely reaches the copy's address: the form is no relay for someone else's text.
    expect(copy.text).not.toContain(request.message);
    expect(copy.text).not.toContain('Anna');
  });

  it('takes a phone without an e-mail: the shop is mailed, nobody else; the language comes from Content-Language', async () => {
    const before = api.outbox().length;
    const res = await post({ ...request, email: '', locale: undefined, shop_id: '3' }, { lang: 'fr_FR' });
    expect(res.status).toBe(201);
    const { data } = BookingRequestResponseSchema.parse(res.body);
    expect(data).toMatchObject({ email: null, phone: request.phone, locale: 'fr', shop_id: 3 });
    const mails = api.outbox().slice(before).map(readMail);
    expect(mails.map((m) => m.to)).toEqual(['ciao@rivierabikerent.it']);
    expect(mails[0]!.text).toContain('Lingua del cliente: Français');
    expect(mails[0]!.text).not.toContain('Email:');
  });

  const invalid: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['missing name', { first_name: '  ' }, { first_name: [it_('validators.required')] }],
    ['neither e-mail nor phone', { email: '', phone: '' }, { email: [it_('validators.emailOrPhone')] }],
    ['a bad e-mail', { email: 'anna@' }, { email: [it_('validators.email')] }],
    ['a bad phone', { phone: 'call me' }, { phone: [it_('validators.phone')] }],
    ['an end before the start', { date_from: day(45), date_to: day(40) }, { date_to: [it_('validators.dateOrder')] }],
    ['past dates', { date_from: day(-2), date_to: day(-1) }, { date_from: [it_('validators.pastDate')] }],
    ['a malformed day', { date_from: '31/12/2026' }, { date_from: [it_('validators.date')] }],
    ['no people', { people: 0 }, { people: [it_('validators.minQuantity')] }],
    ['too many people', { people: BOOKING_REQUEST_PEOPLE_MAX + 1 }, { people: [it_('validators.maxQuantity', { max: BOOKING_REQUEST_PEOPLE_MAX })] }],
    ['a message too long', { message: 'x'.repeat(BOOKING_REQUEST_MESSAGE_MAX + 1) }, { message: [it_('validators.maxLength', { length: BOOKING_REQUEST_MESSAGE_MAX })] }],
    ['no message', { message: '' }, { message: [it_('validators.required')] }],
    ['an unknown shop', { shop_id: 999 }, { shop_id: [it_('validators.unknownShop')] }],
    ['an unknown shop slug', { shop_id: 'no-such-shop' }, { shop_id: [it_('validators.unknownShop')] }],
    ['a shop that is no slug', { shop_id: 'Sport Noleggio!' }, { shop_id: [it_('validators.unknownShop')] }],
    ['no shop', { shop_id: '' }, { shop_id: [it_('validators.required')] }],
    ['an unknown language', { locale: 'de' }, { locale: [it_('validators.invalid')] }],
  ];
  it.each(invalid)('refuses %s with 422 under the field, storing and mailing nothing', async (_name, change, errors) => {
    const [stored, mailed] = [(await rows()).length, api.outbox().length];
    const res = await post({ ...request, ...change });
    expect(res).toEqual({ status: 422, body: { message: Object.values(errors)[0]![0], errors } });
    expect(await rows()).toHaveLength(stored);
    expect(api.outbox()).toHaveLength(mailed);
  });

  it('refuses a body that is not an object of fields', async () => {
    const res = await post({ shop_id: 1 });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(['date_from', 'date_to', 'first_name', 'last_name', 'message', 'people']);
  });

  it("takes the shop by slug, as the static pages send it, and stores the API's own id", async () => {
    const slug = 'bardonecchia-sport-rent';
    const shop = api.deps.catalogue.shopBySlug(slug)!;
    const before = api.outbox().length;
    const res = await post({ ...request, shop_id: slug });
    expect(res.status).toBe(201);
    const { data } = BookingRequestResponseSchema.parse(res.body);
    expect(data.shop_id).toBe(shop.row.id);
    const [row] = await api.deps.database.db.select().from(bookingRequests).where(eq(bookingRequests.id, data.id));
    expect(row!.shopId).toBe(shop.row.id);
    expect(api.outbox().slice(before).map(readMail).map((m) => m.to)).toContain(shop.row.email);
  });

  it('says in its answer whether the copy went: not past the copies of the day, not without an e-mail', async () => {
    const to = 'copy-answer@example.com';
    for (let n = 0; n < BOOKING_REQUEST_COPIES_PER_RECIPIENT.limit; n++) {
      const res = await post({ ...request, email: to });
      expect(res.status).toBe(201);
      expect(BookingRequestResponseSchema.parse(res.body).data.copied).toBe(true);
    }
    const capped = await post({ ...request, email: to });
    expect(capped.status).toBe(201);
    expect(BookingRequestResponseSchema.parse(capped.body).data).toMatchObject({ email: to, copied: false });
    const phoneOnly = await post({ ...request, email: '' });
    expect(BookingRequestResponseSchema.parse(phoneOnly.body).data).toMatchObject({ email: null, copied: false });
  });

  it('answers copied: false when the copy could not be mailed (the request and the shop mail stand)', async () => {
    const to = 'copy-fails@example.com';
    const send = api.deps.mailer.send.bind(api.deps.mailer);
    const spy = vi.spyOn(api.deps.mailer, 'send').mockImplementation((mail) => (mail.to === to ? Promise.reject(new Error('SMTP down')) : send(mail)));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const before = api.outbox().length;
      const res = await post({ ...request, email: to });
      expect(res.status).toBe(201);
      expect(BookingRequestResponseSchema.parse(res.body).data).toMatchObject({ email: to, copied: false });
      expect(api.outbox().slice(before).map(readMail).map((m) => m.to)).toEqual([SHOP_EMAIL]);
    } finally {
      spy.mockRestore();
      quiet.mockRestore();
    }
  });

  it(`sends at most ${BOOKING_REQUEST_COPIES_PER_RECIPIENT.limit} copies a day to one address; the shop still gets each request`, async () => {
    const to = 'copied@example.com';
    for (let n = 0; n < BOOKING_REQUEST_COPIES_PER_RECIPIENT.limit + 1; n++) {
      expect((await post({ ...request, email: to })).status).toBe(201);
    }
    expect(api.outbox().map(readMail).filter((m) => m.to === to)).toHaveLength(BOOKING_REQUEST_COPIES_PER_RECIPIENT.limit);
  });

  it(`accepts ${DEFAULT_BOOKING_REQUESTS_PER_ADDRESS.limit} requests an hour from one address, then 429; refused forms do not count`, async () => {
    // A fresh window for every counter of the earlier tests.
    clock += 2 * HOUR_MS;
    api.setNow(new Date(clock));
    const from = '10.9.9.9';
    for (let n = 0; n < 3; n++) expect((await post({ ...request, email: 'x@' }, { from })).status).toBe(422);
    for (let n = 0; n < DEFAULT_BOOKING_REQUESTS_PER_ADDRESS.limit; n++) {
      expect((await post({ ...request, email: `limit${n}@example.com` }, { from })).status).toBe(201);
    }
    const [stored, mailed] = [(await rows()).length, api.outbox().length];
    const refused = await post(request, { from });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Troppi tentativi: riprova tra \d+ secondi$/);
    expect(await rows()).toHaveLength(stored);
    expect(api.outbox()).toHaveLength(mailed);
    // Another address is not affected; the same one is welcome again after the window.
    expect((await post(request)).status).toBe(201);
    clock += DEFAULT_BOOKING_REQUESTS_PER_ADDRESS.windowMs;
    api.setNow(new Date(clock));
    expect((await post(request, { from })).status).toBe(201);
  });
});
