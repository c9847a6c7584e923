// POST v1/booking_requests (spec §7, "Ask the shop"): a visitor asks a shop for what the
// online flow cannot take (a group, gear sold out on their days). The request is stored, mailed to
// the shop and, when the visitor gave an e-mail, copied to them in their language.
import { Hono } from 'hono';
import type { z } from 'zod';
import { bookingRequestSchema, type BookingRequestBody, type BookingRequestSchema } from '~/api/contract/booking-requests';
import { dayToDisplay, todayInRome } from '~/domain/dates';
import { defaultLocale, type Locale } from '~/i18n/index';
import { bookingRequests } from '../db/schema/index';
import type { CatalogueShop } from '../catalogue/cache';
import { clientIp, type AppContext, type AppEnv } from '../http/context';
import { ApiError, fieldError } from '../http/errors';
import type { RateLimitRule } from '../http/rate-limit';
import { jsonBody } from '../http/validation';
import { translator } from '../http/locale';
import { log } from '../log';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * 5 requests an hour per client address: a visitor asks one shop or a few, while a script cannot
 * turn shops' inboxes (and the copies) into a mailing service. Only accepted requests count: a
 * visitor correcting a refused form spends nothing. BOOKING_REQUESTS_PER_ADDRESS_PER_HOUR
 * changes the count (server/config.ts, `AppDeps.bookingRequestLimit`).
 */
export const DEFAULT_BOOKING_REQUESTS_PER_ADDRESS: RateLimitRule = { limit: 5, windowMs: HOUR_MS };
/** Copies per recipient a day: someone else's address typed into the form gets a few at most. */
export const BOOKING_REQUEST_COPIES_PER_RECIPIENT: RateLimitRule = { limit: 3, windowMs: DAY_MS };

type Row = typeof bookingRequests.$inferSelect;
/** A valid request with its language settled. */
type Accepted = BookingRequestBody & { locale: Locale };

function present(row: Row, copied: boolean): z.input<typeof BookingRequestSchema> {
  return {
    id: row.id,
    shop_id: row.shopId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    date_from: row.dateFrom,
    date_to: row.dateTo,
    people: row.people,
    message: row.message,
    locale: row.locale as Locale,
    created_at: row.createdAt.toISOString(),
    copied,
  };
}

/** The request's details, labelled in `locale`: the same lines in the shop's mail and in the copy. */
function details(request: Accepted, shop: CatalogueShop, locale: Locale): string[] {
  const t = translator(locale);
  return [
    t('mail.bookingRequestShop', { shop: shop.row.label }),
    t('mail.bookingRequestName', { name: `${request.first_name} ${request.last_name}` }),
    ...(request.email ? [t('mail.bookingRequestEmail', { email: request.email })] : []),
    ...(request.phone ? [t('mail.bookingRequestPhone', { phone: request.phone })] : []),
    t('mail.bookingRequestDates', { from: dayToDisplay(request.date_from), to: dayToDisplay(request.date_to) }),
    t('mail.bookingRequestPeople', { people: request.people }),
    t('mail.bookingRequestLanguage', { language: t(`locales.${request.locale}`) }),
    '',
    t('mail.bookingRequestMessage'),
    request.message,
  ];
}

/** The customer's copy: the shop, the dates and the party size, nothing typed freely. */
function copyDetails(request: Accepted, shop: CatalogueShop, locale: Locale): string[] {
  const t = translator(locale);
  return [
    t('mail.bookingRequestShop', { shop: shop.row.label }),
    t('mail.bookingRequestDates', { from: dayToDisplay(request.date_from), to: dayToDisplay(request.date_to) }),
    t('mail.bookingRequestPeople', { people: request.people }),
  ];
}

/** Whether one more copy may go to `email`; past the limit the request stands, the copy is skipped. */
async function mayCopy(c: AppContext, email: string): Promise<boolean> {
  try {
    await c.get('deps').limiter.hit(`mail:booking-requests:${email.toLowerCase()}`, BOOKING_REQUEST_COPIES_PER_RECIPIENT);
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 429) return false;
    throw err;
  }
}

/**
 * The shop's mail (in the shop's language, the site's default; the customer's language is named so
 * the shop can answer in it) and the customer's copy. A failing mail never fails the request: it is
 * stored, and the shop sees it in its data. Answers whether the copy went out, so the form promises
 * one only then.
 */
async function sendMails(c: AppContext, request: Accepted, shop: CatalogueShop): Promise<boolean> {
  const { mailer } = c.get('deps');
  const name = `${request.first_name} ${request.last_name}`;
  const mails: Promise<void>[] = [];
  let copy: Promise<void> | null = null;
  if (shop.row.email) {
    const t = translator(defaultLocale);
    mails.push(
      mailer.send({
        to: shop.row.email,
        // The shop's reply goes straight to the customer (an address the schema accepted).
        replyTo: request.email,
        subject: t('mail.bookingRequestSubject', { name }),
        text: [t('mail.bookingRequestIntro'), '', ...details(request, shop, defaultLocale)].join('\n'),
      }),
    );
  } else {
    log().warn({ shopId: shop.row.id }, 'booking request not mailed: the shop has no e-mail');
  }
  if (request.email && (await mayCopy(c, request.email))) {
    const t = translator(request.locale);
    copy = mailer.send({
      to: request.email,
      subject: t('mail.bookingRequestCopySubject', { shop: shop.row.label }),
      // Only what the site itself formats: a copy carrying the typed name and message would let
      // anyone send their own text to any address from the shop's sender (a spam relay).
      text: [t('mail.bookingRequestCopyIntro', { shop: shop.row.label }), '', ...copyDetails(request, shop, request.locale)].join('\n'),
    });
    mails.push(copy);
  }
  const outcomes = await Promise.allSettled(mails);
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') log().error({ err: outcome.reason as Error }, 'booking request not sent');
  }
  // The copy, when there is one, is the last mail pushed.
  return copy !== null && outcomes.at(-1)!.status === 'fulfilled';
}

export const bookingRequestRoutes = new Hono<AppEnv>();

bookingRequestRoutes.post('/v1/booking_requests', async (c) => {
  const { limiter, database, catalogue, now, bookingRequestLimit } = c.get('deps');
  const body = await jsonBody(c, bookingRequestSchema(todayInRome(now())));
  const request: Accepted = { ...body, locale: body.locale ?? c.get('locale') };
  // By slug from the static pages, by id from the booking page (the contract's shop_id).
  const shop = typeof request.shop_id === 'number' ? catalogue.shopById(request.shop_id) : catalogue.shopBySlug(request.shop_id);
  if (!shop) throw fieldError('shop_id', 'validators.unknownShop');
  await limiter.hit(`booking-requests:address:${clientIp(c)}`, bookingRequestLimit);
  const [row] = await database.db
    .insert(bookingRequests)
    .values({
      shopId: shop.row.id,
      firstName: request.first_name,
      lastName: request.last_name,
      email: request.email ?? null,
      phone: request.phone ?? null,
      dateFrom: request.date_from,
      dateTo: request.date_to,
      people: request.people,
      message: request.message,
      locale: request.locale,
    })
    .returning();
  const copied = await sendMails(c, request, shop);
  return c.json({ data: present(row!, copied), message: translator(request.locale)('api.bookingRequestSent') }, 201);
});
