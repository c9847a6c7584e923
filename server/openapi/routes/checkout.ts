// What the checkout checks and what the storefront asks besides an order: coupons, loyalty cards,
// "ask the shop" requests (server/routes/coupons.ts, fidelity-cards.ts, booking-requests.ts).
import { CouponCheckRequestSchema, CouponResponseSchema } from '~/api/contract/coupons';
import { FidelityCardResponseSchema, FidelityInfoResponseSchema, FidelityQuerySchema } from '~/api/contract/fidelity';
import { BookingRequestResponseSchema, bookingRequestSchema } from '~/api/contract/booking-requests';
import { todayInRome } from '~/domain/dates';
import { json, tagged } from '../operation';

const COUPON = { code: 'NEVE10', amount: 10, blocked: false };
const CARD = { fidelity_card_number: 'BO-004217' };

/** Days of next year for the example: the request refuses days already gone. */
const year = Number(todayInRome().slice(0, 4)) + 1;
const REQUEST = {
  shop_id: 'bardonecchia-sport-rent',
  first_name: 'Marco',
  last_name: 'Neri',
  email: 'marco.neri@example.com',
  phone: '+39 347 1112233',
  date_from: `${year}-02-10`,
  date_to: `${year}-02-14`,
  people: 24,
  message: 'Gruppo sci club: 20 attrezzature complete e 4 snowboard.',
  locale: 'it' as const,
};

export const checkoutOperations = tagged('Checkout', [
  {
    method: 'post',
    path: '/v1/coupons',
    summary: 'Check a coupon code',
    description: 'An unknown code is 422 on `code`; a code out of its dates or used up answers `blocked: true`. Lookups per address are limited (429).',
    caller: { kind: 'anyone' },
    body: json(CouponCheckRequestSchema, { code: COUPON.code }),
    reply: { status: 200, description: 'The coupon.', body: json(CouponResponseSchema, { data: COUPON }) },
    errors: [429],
  },
  {
    method: 'get',
    path: '/v1/coupons/:code',
    summary: 'A coupon by code',
    description: 'As POST v1/coupons, an unknown code is 404; the same lookup limit (429).',
    caller: { kind: 'anyone' },
    params: { code: { schema: CouponCheckRequestSchema.shape.code, example: COUPON.code, description: 'The coupon code.' } },
    reply: { status: 200, description: 'The coupon.', body: json(CouponResponseSchema, { data: COUPON }) },
    errors: [429],
  },
  {
    method: 'get',
    path: '/v1/fidelity_card',
    summary: 'The holder\'s loyalty card',
    description: "Name and points are the holder's own: another account's card is 404. Lookups are limited (429).",
    caller: { kind: 'user' },
    query: { schema: FidelityQuerySchema, example: CARD },
    reply: {
      status: 200,
      description: 'The card.',
      body: json(FidelityCardResponseSchema, { data: { number: 'BO-004217', holder_name: 'Anna Verdi', points: 120, discount: 0.1, active: true } }),
    },
    errors: [429],
  },
  {
    method: 'get',
    path: '/v1/fidelity_card/info',
    summary: 'Whether a loyalty card is good',
    description: "Public: validity, discount and the holder's initials only. Unknown is 404; lookups are limited (429).",
    caller: { kind: 'anyone' },
    query: { schema: FidelityQuerySchema, example: CARD },
    reply: { status: 200, description: 'The card\'s public info.', body: json(FidelityInfoResponseSchema, { data: { valid: true, discount: 0.1, holder_initials: 'A.V.' } }) },
    errors: [429],
  },
  {
    method: 'post',
    path: '/v1/booking_requests',
    summary: 'Ask the shop',
    description:
      "What the online flow cannot take (a group, gear sold out): mailed to the shop, copied to the customer's e-mail (`copied` says whether it went). An e-mail or a phone; days not past, at most a year. 5 requests an hour per address (429).",
    caller: { kind: 'anyone' },
    body: json(bookingRequestSchema(todayInRome()), REQUEST),
    reply: {
      status: 201,
      description: 'The request as stored.',
      body: json(BookingRequestResponseSchema, {
        data: { ...REQUEST, id: 9, shop_id: 6, created_at: '2026-11-20T09:12:00.000Z', copied: true },
        message: 'Richiesta inviata al negozio',
      }),
    },
    errors: [429],
  },
]);
