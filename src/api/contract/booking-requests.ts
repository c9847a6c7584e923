// "Ask the shop" (issue #16, spec §7 POST v1/booking_requests): a request the online flow cannot
// take (a group, gear sold out for the chosen days), answered by the shop itself. The API parses
// the body with the schema the form validates with, so both refuse the same things with the same
// validators.* keys.
import { z } from 'zod';
import { MAX_RANGE_DAYS, day, email, intLike, optionalString, requiredString } from './fields';
import { PHONE_PATTERN } from '../../domain/validators';
import { locales } from '../../i18n/index';

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
  z
    .string()
    .trim()
    .max(BOOKING_REQUEST_EMAIL_MAX, 'validators.maxLength')
    .optional()
    .transform((v) => v || undefined)
    .pipe(email().optional());

/** Blank means not given; otherwise the order form's phone rule. */
const optionalPhone = () =>
  optionalString(BOOKING_REQUEST_PHONE_MAX).pipe(z.string().regex(PHONE_PATTERN, 'validators.phone').optional());

/**
 * The request as the form and the API read it. `today` (YYYY-MM-DD, Rome time: `todayInRome`)
 * bounds the dates: the browser passes its day, the API its clock's, so a request for days already
 * gone is refused the same way on both sides.
 */
export function bookingRequestSchema(today: string) {
  return z
    .object({
      shop_id: intLike().pipe(z.number().min(1, 'validators.required')),
      first_name: requiredString(BOOKING_REQUEST_NAME_MAX),
      last_name: requiredString(BOOKING_REQUEST_NAME_MAX),
      email: optionalEmail(),
      phone: optionalPhone(),
      date_from: day(),
      date_to: day(),
      people: intLike().pipe(
        z.number().min(1, 'validators.minQuantity').max(BOOKING_REQUEST_PEOPLE_MAX, 'validators.maxQuantity'),
      ),
      message: requiredString(BOOKING_REQUEST_MESSAGE_MAX),
      // The language of the customer's copy; without it, the request's Content-Language.
      locale: z.enum(locales).optional(),
    })
    .superRefine((v, ctx) => {
      // The shop answers by e-mail or by phone: without either it cannot answer at all.
      if (!v.email && !v.phone) ctx.addIssue({ code: 'custom', path: ['email'], message: 'validators.emailOrPhone' });
      if (v.date_from < today) ctx.addIssue({ code: 'custom', path: ['date_from'], message: 'validators.pastDate' });
      if (v.date_to < v.date_from) {
        ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'validators.dateOrder' });
      } else if ((Date.parse(`${v.date_to}T00:00:00Z`) - Date.parse(`${v.date_from}T00:00:00Z`)) / 86_400_000 > MAX_RANGE_DAYS) {
        ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'validators.rangeTooLong' });
      }
    });
}
export type BookingRequestInput = z.input<ReturnType<typeof bookingRequestSchema>>;
export type BookingRequestBody = z.output<ReturnType<typeof bookingRequestSchema>>;

/** A stored request as the API answers it (201). */
export const BookingRequestSchema = z.object({
  id: z.number().int(),
  shop_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  date_from: z.string(),
  date_to: z.string(),
  people: z.number().int(),
  message: z.string(),
  locale: z.enum(locales),
  created_at: z.string(),
});
export type BookingRequest = z.infer<typeof BookingRequestSchema>;

export const BookingRequestResponseSchema = z.object({ data: BookingRequestSchema, message: z.string() });
