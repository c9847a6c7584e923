// The contract schema of each JSON answer the staff and kiosk tests reach through `call`
// (tests/support/staff.ts), by method and path, at run time (ROUTES) and at the type level
// (RouteAnswer). Reading an answer by its route: ./contract.ts (`outcomeByRoute`).
import { ReferralReportResponseSchema } from '~/api/contract/referrals';
import { CashierDayResponseSchema } from '~/api/contract/desk-payments';
import { array as arrayOf } from 'zod/mini';
import { parse, type $ZodType, type output } from 'zod/v4/core';
import {
  AvailableSizesResponseSchema,
  ProductPriceResponseSchema,
  ShopLoadSchema,
  ShopSchema,
  SiteSchema,
  SportSchema,
  AvailabilitiesSchema,
  AvailabilityDaysSchema,
  BookingRequestResponseSchema,
  BroadcastingAuthResponseSchema,
  CancelPairingCodeResponseSchema,
  CloseCashierResponseSchema,
  CouponResponseSchema,
  ExtraSpecificProductSchema,
  FidelityCardResponseSchema,
  FidelityInfoResponseSchema,
  InventoryItemSchema,
  KioskPasswordResponseSchema,
  LoginResponseSchema,
  MessageResponseSchema,
  OrderEnvelopeSchema,
  OrderListEnvelopeSchema,
  PairingCodeResponseSchema,
  PairResponseSchema,
  PaymentClaimHolderResponseSchema,
  PaymentClaimResponseSchema,
  PaymentSessionEnvelopeSchema,
  PeopleEnvelopeSchema,
  PersonDeletedSchema,
  PersonEnvelopeSchema,
  PriceDiffEnvelopeSchema,
  RevokeTotemResponseSchema,
  UnlockTotemResponseSchema,
  ShopKiosksResponseSchema,
  SignupResponseSchema,
  TotemPasswordResponseSchema,
  TotemResponseSchema,
  UnitDetailSchema,
  UnitProblemSchema,
  UserResponseSchema,
  MediaDeletedSchema,
  OrderResponseSchema,
  PosLogResponseSchema,
} from '~/api/contract/index';
import { BoardEnvelopeSchema, PushInQueueResponseSchema } from '~/api/contract/board';
import { CounterOrdersEnvelopeSchema } from '~/api/contract/counter';

const envelope = (schema: $ZodType) => ({ data: schema });

/**
 * The contract schema of each JSON answer the staff and kiosk tests reach through `call`
 * (tests/support/staff.ts), by method and path: `data` parses the envelope's `data`, `body` the
 * whole answer. Routes whose 2xx answer is not JSON (CSV export, files) are `null`.
 */
const ROUTES: [method: string, path: RegExp, schema: { data: $ZodType } | { body: $ZodType } | null][] = [
  ['POST', /^\/api\/v1\/pair$/, { body: PairResponseSchema }],
  ['GET', /^\/api\/v1\/totem$/, { body: TotemResponseSchema }],
  ['POST', /^\/api\/v1\/totem\/password$/, { body: TotemPasswordResponseSchema }],
  ['POST', /^\/api\/v1\/totem\/push_in_queue$/, { body: PushInQueueResponseSchema }],
  ['POST', /^\/api\/v1\/totem\/close_cashier$/, { body: CloseCashierResponseSchema }],
  ['GET', /^\/api\/v1\/totem\/board$/, { body: BoardEnvelopeSchema }],
  ['GET', /^\/api\/v1\/totem\/counter_orders$/, { body: CounterOrdersEnvelopeSchema }],
  ['GET', /^\/api\/v1\/totem\/referrals$/, { body: ReferralReportResponseSchema }],
  ['GET', /^\/api\/v1\/totem\/referrals\/export$/, null],
  ['POST', /^\/api\/v1\/totems\/[^/]+\/pairing_code$/, { body: PairingCodeResponseSchema }],
  ['POST', /^\/api\/v1\/totems\/[^/]+\/revoke$/, { body: RevokeTotemResponseSchema }],
  ['GET', /^\/api\/v1\/totems$/, { body: ShopKiosksResponseSchema }],
  ['DELETE', /^\/api\/v1\/totems\/[^/]+\/pairing_code$/, { body: CancelPairingCodeResponseSchema }],
  ['POST', /^\/api\/v1\/totems\/[^/]+\/password$/, { body: KioskPasswordResponseSchema }],
  ['POST', /^\/api\/v1\/totems\/[^/]+\/unlock$/, { body: UnlockTotemResponseSchema }],
  ['POST', /^\/api\/v1\/broadcasting\/auth$/, { body: BroadcastingAuthResponseSchema }],
  ['GET', /^\/api\/v1\/orders\/[^/]+\/export$/, null],
  ['GET', /^\/api\/v1\/media\/\d+$/, null],
  ['GET', /^\/api\/v1\/orders(\/search)?$/, { body: OrderListEnvelopeSchema }],
  ['GET', /^\/api\/v1\/(guest\/)?orders\/[^/]+$/, { body: OrderEnvelopeSchema }],
  ['PATCH', /^\/api\/v1\/orders\/[^/]+$/, { body: OrderEnvelopeSchema }],
  ['DELETE', /^\/api\/v1\/orders\/[^/]+$/, { body: OrderEnvelopeSchema }],
  ['POST', /^\/api\/v1\/orders\/[^/]+\/pay$/, { body: OrderEnvelopeSchema }],
  ['POST', /^\/api\/v1\/orders\/[^/]+\/desk_payments$/, { body: OrderEnvelopeSchema }],
  ['GET', /^\/api\/v1\/totem\/cashier_day$/, { body: CashierDayResponseSchema }],
  ['POST', /^\/api\/v1\/orders\/[^/]+\/payment_claim$/, { body: PaymentClaimResponseSchema }],
  ['DELETE', /^\/api\/v1\/orders\/[^/]+\/payment_claim$/, { body: MessageResponseSchema }],
  ['GET', /^\/api\/v1\/orders\/[^/]+\/payment_claim$/, { body: PaymentClaimHolderResponseSchema }],
  ['POST', /^\/api\/v1\/orders\/[^/]+\/payment_claim\/release$/, { body: OrderEnvelopeSchema }],
  ['POST', /^\/api\/v1\/orders\/[^/]+\/payments$/, { body: PaymentSessionEnvelopeSchema }],
  ['PATCH', /^\/api\/v1\/order_detail_pools\/\d+$/, { body: OrderEnvelopeSchema }],
  ['POST', /^\/api\/v1\/delivery$/, { body: OrderEnvelopeSchema }],
  ['POST', /^\/api\/v1\/pickup$/, { body: OrderListEnvelopeSchema }],
  ['POST', /^\/api\/v1\/delivery_details\/\d+\/reset_(delivery|pickup)$/, { body: OrderEnvelopeSchema }],
  ['GET', /^\/api\/v1\/(delivery_details|order_details)\/\d+\/diff$/, { body: PriceDiffEnvelopeSchema }],
  // The list (two shapes, by `extra`) and a unit's problems are chosen in routeSchema.
  ['GET', /^\/api\/v1\/specific_products\/[^/]+$/, envelope(UnitDetailSchema)],
  ['POST', /^\/api\/v1\/specific_products\/[^/]+\/unlock$/, envelope(UnitDetailSchema)],
  ['POST', /^\/api\/v1\/specific_products\/\d+\/specific_product_problems$/, envelope(UnitProblemSchema)],
  ['GET', /^\/api\/v1\/user$/, { body: UserResponseSchema }],
  ['POST', /^\/api\/v1\/login$/, { body: LoginResponseSchema }],
  ['POST', /^\/api\/v1\/signup$/, { body: SignupResponseSchema }],
  ['POST', /^\/api\/v1\/logout$/, { body: MessageResponseSchema }],
  ['GET', /^\/api\/v1\/user\/people$/, { body: PeopleEnvelopeSchema }],
  ['POST', /^\/api\/v1\/user\/people$/, { body: PersonEnvelopeSchema }],
  ['PATCH', /^\/api\/v1\/user\/people\/\d+$/, { body: PersonEnvelopeSchema }],
  ['DELETE', /^\/api\/v1\/user\/people\/\d+$/, { body: PersonDeletedSchema }],
  ['GET', /^\/api\/v1\/shops\/\d+\/availabilities$/, { body: AvailabilitiesSchema }],
  ['GET', /^\/api\/v1\/shops\/\d+\/availabilities\/days$/, { body: AvailabilityDaysSchema }],
  ['POST', /^\/api\/v1\/coupons$/, { body: CouponResponseSchema }],
  ['GET', /^\/api\/v1\/coupons\/[^/]+$/, { body: CouponResponseSchema }],
  ['GET', /^\/api\/v1\/fidelity_card$/, { body: FidelityCardResponseSchema }],
  ['GET', /^\/api\/v1\/fidelity_card\/info$/, { body: FidelityInfoResponseSchema }],
  ['POST', /^\/api\/v1\/booking_requests$/, { body: BookingRequestResponseSchema }],
  ['POST', /^\/api\/pos_logs$/, { body: PosLogResponseSchema }],
  ['DELETE', /^\/api\/v1\/media\/\d+$/, { body: MediaDeletedSchema }],
  ['POST', /^\/api\/v1\/user\/media$/, { body: UserResponseSchema }],
  ['POST', /^\/api\/v1\/orders\/[^/]+\/medias?$/, envelope(OrderResponseSchema.shape.medias)],
  ['GET', /^\/api\/v1\/products\/\d+\/price$/, { body: ProductPriceResponseSchema }],
  ['POST', /^\/api\/v1\/products\/\d+\/available_size$/, { body: AvailableSizesResponseSchema }],
  ['GET', /^\/api\/v1\/shops\/(\d+|slug\/[^/]+)$/, envelope(ShopLoadSchema)],
  ['GET', /^\/api\/v[12]\/sites$/, envelope(arrayOf(SiteSchema))],
  ['GET', /^\/api\/v1\/sites\/\d+$/, envelope(SiteSchema)],
  ['GET', /^\/api\/v1\/sites\/\d+\/shops$/, envelope(arrayOf(ShopSchema))],
  ['GET', /^\/api\/v1\/sports$/, envelope(arrayOf(SportSchema))],
  ['GET', /^\/api\/v1\/sports\/\d+$/, envelope(SportSchema)],
];

/** The schema of a JSON 2xx answer to `method path`; throws for a route the table does not know. */
function routeSchema(method: string, url: string): { data: $ZodType } | { body: $ZodType } | null {
  const { pathname, searchParams } = new URL(url, 'http://test');
  if (method === 'GET' && pathname === '/api/v1/specific_products') {
    return envelope(searchParams.get('extra') === '1' ? arrayOf(ExtraSpecificProductSchema) : arrayOf(InventoryItemSchema));
  }
  if (method === 'GET' && /^\/api\/v1\/specific_products\/\d+\/specific_product_problems$/.test(pathname)) return envelope(arrayOf(UnitProblemSchema));
  const found = ROUTES.find(([m, path]) => m === method && path.test(pathname));
  if (!found) throw new Error(`no contract schema for ${method} ${pathname}: add it to tests/support/contract-routes.ts`);
  return found[2];
}

/** A 2xx JSON answer of `method url`, parsed with its route's contract schema (see ROUTES). */
export function parseByRoute(method: string, url: string, body: unknown): unknown {
  const schema = routeSchema(method, url);
  if (!schema) return body;
  if ('body' in schema) return parse(schema.body, body);
  const { data: inner, ...rest } = body as { data: unknown };
  return { ...rest, data: parse(schema.data, inner) };
}

type Parsed<S> = S extends $ZodType ? output<S> : never;
type Enveloped<S> = { data: Parsed<S> };
type Path<P extends string> = P extends `${infer Bare}?${string}` ? Bare : P;

/**
 * The parsed 2xx body of `method path` at the type level, as ROUTES decides it at run time: the
 * caller's path literal (a template like `/api/v1/orders/${id}/pay`) picks the route. A path the
 * compiler cannot read (a plain `string`), or a route with a body the table does not parse, is
 * `unknown`, so a test that reads such a body first narrows it.
 */
export type RouteAnswer<M extends string, P extends string> = M extends 'GET'
  ? Path<P> extends `/api/v1/specific_products/${string}`
    ? RouteBody<M, Path<P>>
    : P extends `/api/v1/specific_products${string}`
      ? // The list: two shapes, by `extra` (as routeSchema chooses at run time).
        P extends `${string}extra=1${string}`
        ? { data: Parsed<typeof ExtraSpecificProductSchema>[] }
        : { data: Parsed<typeof InventoryItemSchema>[] }
      : RouteBody<M, Path<P>>
  : RouteBody<M, Path<P>>;
type RouteBody<M extends string, P extends string> = M extends 'GET'
  ? P extends '/api/v1/totem'
    ? Parsed<typeof TotemResponseSchema>
    : P extends '/api/v1/totem/board'
      ? Parsed<typeof BoardEnvelopeSchema>
      : P extends '/api/v1/totem/counter_orders'
        ? Parsed<typeof CounterOrdersEnvelopeSchema>
      : P extends '/api/v1/orders' | '/api/v1/orders/search'
        ? Parsed<typeof OrderListEnvelopeSchema>
        : P extends `/api/v1/orders/${string}/export` | `/api/v1/media/${string}`
          ? string
          : P extends `/api/v1/orders/${string}/payment_claim`
            ? Parsed<typeof PaymentClaimHolderResponseSchema>
          : P extends `/api/v1/orders/${string}` | `/api/v1/guest/orders/${string}`
            ? Parsed<typeof OrderEnvelopeSchema>
            : P extends `/api/v1/${'delivery_details' | 'order_details'}/${string}/diff`
              ? Parsed<typeof PriceDiffEnvelopeSchema>
              : P extends `/api/v1/specific_products/${string}/specific_product_problems`
                ? { data: Parsed<typeof UnitProblemSchema>[] }
                : P extends `/api/v1/specific_products/${string}`
                  ? Enveloped<typeof UnitDetailSchema>
                  : P extends `/api/v1/shops/${string}/availabilities/days`
                    ? Parsed<typeof AvailabilityDaysSchema>
                    : P extends `/api/v1/shops/${string}/availabilities`
                      ? Parsed<typeof AvailabilitiesSchema>
                      : unknown
  : M extends 'POST'
    ? P extends '/api/v1/pair'
      ? Parsed<typeof PairResponseSchema>
      : P extends '/api/v1/totem/password'
        ? Parsed<typeof TotemPasswordResponseSchema>
        : P extends '/api/v1/totem/push_in_queue'
          ? Parsed<typeof PushInQueueResponseSchema>
          : P extends '/api/v1/totem/close_cashier'
            ? Parsed<typeof CloseCashierResponseSchema>
            : P extends `/api/v1/totems/${string}/pairing_code`
              ? Parsed<typeof PairingCodeResponseSchema>
              : P extends `/api/v1/totems/${string}/revoke`
                ? Parsed<typeof RevokeTotemResponseSchema>
                : P extends '/api/pos_logs'
                  ? Parsed<typeof PosLogResponseSchema>
                  : P extends '/api/v1/login'
                    ? Parsed<typeof LoginResponseSchema>
                    : P extends '/api/v1/pickup'
                      ? Parsed<typeof OrderListEnvelopeSchema>
                      : P extends
                            | '/api/v1/delivery'
                            | `/api/v1/orders/${string}/pay`
                            | `/api/v1/orders/${string}/payment_claim/release`
                            | `/api/v1/delivery_details/${string}/reset_${'delivery' | 'pickup'}`
                        ? Parsed<typeof OrderEnvelopeSchema>
                        : P extends `/api/v1/orders/${string}/payment_claim`
                          ? Parsed<typeof PaymentClaimResponseSchema>
                          : P extends `/api/v1/orders/${string}/payments`
                            ? Parsed<typeof PaymentSessionEnvelopeSchema>
                            : P extends `/api/v1/specific_products/${string}/specific_product_problems`
                              ? Enveloped<typeof UnitProblemSchema>
                              : P extends `/api/v1/specific_products/${string}/unlock`
                                ? Enveloped<typeof UnitDetailSchema>
                                : unknown
    : M extends 'PATCH'
      ? P extends `/api/v1/orders/${string}` | `/api/v1/order_detail_pools/${string}`
        ? Parsed<typeof OrderEnvelopeSchema>
        : unknown
      : M extends 'DELETE'
        ? P extends `/api/v1/orders/${string}/payment_claim`
          ? Parsed<typeof MessageResponseSchema>
          : P extends `/api/v1/orders/${string}`
            ? Parsed<typeof OrderEnvelopeSchema>
            : unknown
        : unknown;
