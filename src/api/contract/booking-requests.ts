// "Ask the shop" (spec §7 POST v1/booking_requests): a request the online flow cannot
// take (a group, gear sold out for the chosen days), answered by the shop itself. The API parses
// the body with the schema the form validates with, so both refuse the same things with the same
// validators.* keys.
import * as z from 'zod/mini';
import { day, email, intLike, isRangeTooLong, noControlCharacters, optionalString, requiredString, requiredText } from './fields';
import { PHONE_PATTERN } from '~/domain/validators';
import { LOCALES } from '~/domain/locales';

/** Longest first and last name, as on the order form. */
export const BOOKING_REQUEST_NAME_MAX = 100;
/** Longest phone, as on the order form. */
export const BOOKING_REQUEST_PHONE_MAX = 40;
/** Longest e-mail address (RFC 5321's path limit). */
export const BOOKING_REQUEST_EMAIL_MAX = 254;
/**
 * Longest message: a group's needs fit in a few paragraphs, and the text is mailed to the shop and
 * back to the customer, so it must not make the API a way to send long letters to anyone.
 */
export const BOOKING_REQUEST_MESSAGE_MAX = 2000;
/** Most people one request may be for: a school or a coach of skiers, not a made-up crowd. */
export const BOOKING_REQUEST_PEOPLE_MAX = 200;

/** Longest shop slug the request names (the committed ones are under 40 characters). */
const SHOP_SLUG_MAX = 100;
/**
 * A shop's slug as seo-data/shops.json writes them: lowercase words joined by hyphens, with a
 * letter somewhere, so a string of digits still reads as an id.
 */
const SHOP_SLUG_PATTERN = /^(?=[a-z0-9-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The shop a request is for: its slug, or the API's numeric id. The static pages send the slug:
 * a build against an outside catalogue (CATALOGUE_API_URL) knows the shops by slug, and the ids of
 * the committed data may not be that API's. The booking page, which holds the API's own shop,
 * may send either. Written with checks (z.union/z.pipe/.check) so it reads the same in zod/mini.
 */
const shopRef = () =>
  z.union(
    [
      z.pipe(intLike(), z.number().check(z.gte(1, 'validators.required'))),
      z
        .string()
        .check(
          z.minLength(1, { message: 'validators.required', abort: true }),
          z.maxLength(SHOP_SLUG_MAX, { message: 'validators.unknownShop', abort: true }),
          z.regex(SHOP_SLUG_PATTERN, 'validators.unknownShop'),
        ),
    ],
    { error: 'validators.required' },
  );

/** The fields of the form and of the request body, in the order the form shows them. */
export const BOOKING_REQUEST_FIELDS = [
  'shop_id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'date_from',
  'date_to',
  'people',
  'message',
] as const;
export type BookingRequestField = (typeof BOOKING_REQUEST_FIELDS)[number];

/** Blank means not given; otherwise the order form's e-mail rule. */
const optionalEmail = () =>
  z.pipe(
    z.pipe(
      z.optional(z.string().check(z.trim(), noControlCharacters(), z.maxLength(BOOKING_REQUEST_EMAIL_MAX, 'validators.maxLength'))),
      z.transform((v: string | undefined) => v || undefined),
    ),
    z.optional(email()),
  );

/** Blank means not given; otherwise the order form's phone rule. */
const optionalPhone = () =>
  z.pipe(optionalString(BOOKING_REQUEST_PHONE_MAX), z.optional(z.string().check(z.regex(PHONE_PATTERN, 'validators.phone'))));

/**
 * The request as the form and the API read it. `today` (YYYY-MM-DD, Rome time: `todayInRome`)
 * bounds the dates: the browser passes its day, the API its clock's, so a request for days already
 * gone is refused the same way on both sides.
 */
export function bookingRequestSchema(today: string) {
  return z
    .object({
      shop_id: shopRef(),
      first_name: requiredString(BOOKING_REQUEST_NAME_MAX),
      last_name: requiredString(BOOKING_REQUEST_NAME_MAX),
      email: optionalEmail(),
      phone: optionalPhone(),
      date_from: day(),
      date_to: day(),
      people: z.pipe(
        intLike(),
        z.number().check(z.gte(1, 'validators.minQuantity'), z.lte(BOOKING_REQUEST_PEOPLE_MAX, 'validators.maxQuantity')),
      ),
      message: requiredText(BOOKING_REQUEST_MESSAGE_MAX),
      // The language of the customer's copy; without it, the request's Content-Language.
      locale: z.optional(z.enum(LOCALES)),
    })
    .check(
      z.superRefine((v, ctx) => {
        // The shop answers by e-mail or by phone: without either it cannot answer at all.
        if (!v.email && !v.phone) ctx.addIssue({ code: 'custom', path: ['email'], message: 'validators.emailOrPhone' });
        if (v.date_from < today) ctx.addIssue({ code: 'custom', path: ['date_from'], message: 'validators.pastDate' });
        if (v.date_to < v.date_from) {
          ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'validators.dateOrder' });
        } else if (isRangeTooLong(v.date_from, v.date_to)) {
          ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'validators.rangeTooLong' });
        }
      }),
    );
}
export type BookingRequestInput = z.input<ReturnType<typeof bookingRequestSchema>>;
export type BookingRequestBody = z.output<ReturnType<typeof bookingRequestSchema>>;

/** A stored request as the API answers it (201). */
export const BookingRequestSchema = z.object({
  id: z.number().check(z.int()),
  shop_id: z.number().check(z.int()),
  first_name: z.string(),
  last_name: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  date_from: z.string(),
  date_to: z.string(),
  people: z.number().check(z.int()),
  message: z.string(),
  locale: z.enum(LOCALES),
  created_at: z.string(),
  // Whether the customer's copy went out: not when they gave no e-mail, when that address already
  // had its copies of the day (BOOKING_REQUEST_COPIES_PER_RECIPIENT) or when the mail failed.
  // Optional: an outside API that does not say has stored the request all the same (a 201), and
  // reading that as a failure would make the customer send it twice.
  copied: z.optional(z.boolean()),
});
export type BookingRequest = z.infer<typeof BookingRequestSchema>;

export const BookingRequestResponseSchema = z.object({ data: BookingRequestSchema, message: z.string() });
