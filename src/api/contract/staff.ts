// Staff side of the booking API: kiosk pairing, the kiosk's own settings, the
// configuration password, and what a cash desk sends when it takes a payment or closes the day.
import * as z from 'zod/mini';
import { day, intLike, MAX_DAY, MIN_DAY, noControlCharacters, optionalString, requiredString } from './fields';
import { RealtimeSettingsSchema, TotemSchema, TotemTypeSchema } from './kiosk';

const isCalendarDay = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
};

/**
 * A date-time as the kiosk sends it: ISO 8601 with a zone, or 'YYYY-MM-DD HH:mm[:ss]' in Rome
 * wall-clock time (as the booking API writes them), or a bare day. Its day lies within the same
 * MIN_DAY–MAX_DAY as every other day of the contract: year 0050 would be read as 1950 by
 * the date arithmetic, and a staff typo must be a 422 on the field, not a hand-out in 2999.
 */
export const dateTime = () =>
  requiredString(40).check(
    z.refine(
      (v: string) =>
        /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(v) &&
        isCalendarDay(v.slice(0, 10)) &&
        v.slice(0, 10) >= MIN_DAY &&
        v.slice(0, 10) <= MAX_DAY,
      'validators.date',
    ),
  );

/** Any JSON the payment terminal answered, bounded so a log cannot fill the disk. */
export const terminalResponse = () =>
  z
    .unknown()
    .check(
      z.refine((v) => v !== undefined && v !== null, { message: 'validators.required', abort: true }),
      z.refine((v) => JSON.stringify(v).length <= 20_000, 'validators.invalid'),
    );

/** POST v1/pair: the code shown when a totem is set up in the back office. */
export const PairRequestSchema = z.object({ code: requiredString(64) });


/** The totem settings of spec §3 plus its shop and the realtime settings (GET v1/totem). */
export const TotemSettingsSchema = z.extend(TotemSchema, {
  shop: z.looseObject({ id: z.number(), slug: z.string(), label: z.string() }),
  realtime: RealtimeSettingsSchema,
  /** The configuration's simulated POS may record payments: only in demo mode (DEMO_DATA). */
  simulated_pos_allowed: z.boolean(),
});
export const TotemResponseSchema = z.object({ data: TotemSettingsSchema });

/** POST v1/pair: the settings and the kiosk's bearer token. */
export const PairResponseSchema = z.object({ data: z.extend(TotemSettingsSchema, { token: z.string() }) });

/**
 * POST v1/totems/{code}/pairing_code (admin kiosks) with the caller's own configuration password
 * (`TotemPasswordRequestSchema`): a new one-time code for another kiosk of the same shop, shown
 * once, living minutes; the device paired with it replaces the kiosk's earlier ones.
 */
export const PairingCodeResponseSchema = z.object({
  data: z.object({ totem: z.string(), pairing_code: z.string(), expires_at: z.string() }),
});

/**
 * POST v1/totems/{code}/revoke (admin kiosks): every device paired as that kiosk answers 401 from
 * now (`revoked` tokens), and every pending code for it or minted by it is cancelled.
 */
export const RevokeTotemResponseSchema = z.object({ data: z.object({ totem: z.string(), revoked: z.number(), codes_cancelled: z.number() }) });

/** A kiosk's pending pairing code as the list shows it: when it ends and who made it, never the code. */
export const PendingPairingCodeSchema = z.object({
  created_at: z.string(),
  expires_at: z.string(),
  /** The admin kiosk that minted it; null: the command line. */
  minted_by: z.nullable(z.string()),
});

/** GET v1/totems (admin kiosks): the kiosks of the caller's shop it may manage (its type or lower). */
export const ShopKioskSchema = z.object({ code: z.string(), type: TotemTypeSchema, pending_code: z.nullable(PendingPairingCodeSchema) });
export type ShopKiosk = z.infer<typeof ShopKioskSchema>;
export const ShopKiosksResponseSchema = z.object({ data: z.array(ShopKioskSchema) });

/** DELETE v1/totems/{code}/pairing_code (admin kiosks): the pending code is cancelled (`cancelled`: 0 or 1). */
export const CancelPairingCodeResponseSchema = z.object({ data: z.object({ totem: z.string(), cancelled: z.number() }) });

/**
 * POST v1/totems/{code}/password (admin kiosks) with the caller's own configuration password
 * (`TotemPasswordRequestSchema`): the kiosk's new random password, answered once; it stays paired.
 */
export const KioskPasswordResponseSchema = z.object({ data: z.object({ totem: z.string(), password: z.string() }) });
/**
 * POST v1/totems/{code}/unlock (admin kiosks) with the caller's own configuration password: the
 * kiosk's configuration password, locked by too many wrong guesses, is accepted again at once.
 */
export const UnlockTotemResponseSchema = z.object({ data: z.object({ totem: z.string() }) });

/** POST v1/totem/password: the kiosk configuration password, checked by the server. */
export const TotemPasswordRequestSchema = z.object({ password: requiredString(200) });
export const TotemPasswordResponseSchema = z.object({ data: z.object({ valid: z.literal(true) }) });

/** A payment attempt's id (a random UUID): missing is "required", anything else "invalid". */
const attemptId = () => z.uuid({ error: (issue) => (issue.input === undefined ? 'validators.required' : 'validators.invalid') });

/**
 * POST v1/orders/{id}/pay (type-30 totems): when, what the payment terminal answered, and the claim
 * it was charged under. Recorded only while that attempt holds the order's claim and its total is
 * still `amount`; otherwise 409 (money to give back), or the order when the same attempt was recorded.
 */
export const PayRequestSchema = z.object({
  date: dateTime(),
  pos_log: z.optional(z.nullable(terminalResponse())),
  /** The payment claim's attempt: the same attempt recorded again answers the order, not 410. */
  attempt: attemptId(),
  /** What the terminal charged: an order whose total changed since is 409, not recorded as paid. */
  amount: z.number({ error: 'validators.required' }).check(z.gte(0, 'validators.minQuantity'), z.lte(1_000_000, 'validators.maxQuantity')),
  /** Charged by the configuration's simulated POS, not a terminal: refused (403) outside demo mode. */
  simulated: z.optional(z.boolean({ error: 'validators.invalid' })),
});
export type PayRequest = z.input<typeof PayRequestSchema>;

/**
 * POST v1/orders/{id}/payment_claim (type-30 totems): this desk is about to charge the card. 409
 * while another desk holds a fresh claim, 410 when the order is paid or cancelled.
 */
export const PaymentClaimRequestSchema = z.object({
  /** The desk's own id of this payment attempt (a random UUID), kept with its in-flight payment. */
  attempt: attemptId(),
});
export const PaymentClaimResponseSchema = z.object({
  data: z.object({
    order_id: z.number(),
    totem: z.string(),
    claimed_at: z.string(),
    expires_at: z.string(),
    /** The order's total now: what the terminal must charge. */
    total_amount: z.number(),
  }),
});

/**
 * GET v1/orders/{id}/payment_claim (types 20 and 30): which desk holds the order's payment claim and
 * since when, null when none does. The attempt stays on the server: it is what records a payment.
 */
export const PaymentClaimHolderResponseSchema = z.object({
  data: z.nullable(z.object({ totem: z.string(), claimed_at: z.string() })),
});

/**
 * POST v1/orders/{id}/payment_claim/release (types 20 and 30): staff free an order from another
 * desk's claim (a desk that died, was switched off or lost track of its charge), with the calling
 * kiosk's configuration password. Only the claim of `totem`, the desk staff were asked about: a
 * claim taken since by another desk is 409 naming it. Answers the order; written to pos_logs.
 */
export const PaymentClaimReleaseRequestSchema = z.object({
  password: requiredString(200),
  totem: requiredString(64),
});
export type PaymentClaimReleaseRequest = z.input<typeof PaymentClaimReleaseRequestSchema>;

/** POST v1/totem/close_cashier (type-30 totems): the day closed and the terminal's answer. */
export const CloseCashierRequestSchema = z.object({
  date: day(),
  pos_log: z.optional(z.nullable(terminalResponse())),
  /** The cash staff counted in the drawer; left out when they confirmed the expected amount. */
  counted_cash: z.optional(z.nullable(z.number({ error: 'validators.invalid' }).check(z.gte(0, 'validators.minQuantity'), z.lte(1_000_000, 'validators.maxQuantity')))),
  /** Why the counted cash differs from the expected (required then: 422 on `note`). */
  note: optionalString(500),
});
export type CloseCashierRequest = z.input<typeof CloseCashierRequestSchema>;

/**
 * What the API recorded for the day the desk closed: its payments (`orders_count`, `total`: every
 * method), by method, and the drawer's cash expected and counted, to set against the terminal's.
 */
export const CloseCashierResponseSchema = z.object({
  data: z.object({
    id: z.number(),
    date: z.string(),
    totem: z.string(),
    orders_count: z.number(),
    total: z.number(),
    methods: z._default(z.array(z.object({ method: z.string(), count: z.number(), total: z.number() })), []),
    cash_expected: z._default(z.number(), 0),
    cash_counted: z._default(z.nullable(z.number()), null),
    note: z._default(z.nullable(z.string()), null),
  }),
});

/** POST v1/totem/push_in_queue: an order (id, number or uuid) sent to the shop's queue board. */
export const PushInQueueRequestSchema = z.object({
  order: z.pipe(z.union([intLike(), requiredString(64)], { error: 'validators.required' }), z.transform(String)),
});

/**
 * How large a logged terminal answer may be, serialized (UTF-8 bytes): a failure's answer is a few
 * hundred bytes, and every log is a row kept.
 */
export const POS_LOG_RESPONSE_MAX_BYTES = 8 * 1024;
const serializedBytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).length;

/** POST {configured base}/pos_logs: a payment-terminal failure (spec §3 POS log). */
export const PosLogRequestSchema = z.object({
  order_number: requiredString(64),
  date: dateTime(),
  response: terminalResponse().check(z.refine((v) => serializedBytes(v) <= POS_LOG_RESPONSE_MAX_BYTES, 'api.tooLarge')),
});
export type PosLogRequest = z.input<typeof PosLogRequestSchema>;
/** 201 to POST pos_logs: the failure as kept (the cash desk does not read it: it only posts). */
export const PosLogResponseSchema = z.object({
  data: z.object({ id: z.number(), order_number: z.string(), date: z.string(), response: z.unknown(), totem: z.string() }),
});

/** The person a pool is for (all fields optional; an empty string clears one). */
const poolCustomerField = (max: number) => z.optional(z.string().check(z.trim(), noControlCharacters(), z.maxLength(max, 'validators.maxLength')));

/** PATCH v1/order_detail_pools/{id}: who the pool's items are for, and its position. */
export const PoolChangesSchema = z
  .object({
    index: z.optional(z.pipe(intLike(), z.number().check(z.gte(0, 'validators.minQuantity'), z.lte(200, 'validators.maxQuantity')))),
    customer: z.optional(
      z.strictObject({
        first_name: poolCustomerField(100),
        last_name: poolCustomerField(100),
        height: poolCustomerField(10),
        weight: poolCustomerField(10),
        shoe_size: poolCustomerField(10),
        level: poolCustomerField(40),
      }),
    ),
  })
  .check(z.refine((v) => v.index !== undefined || v.customer !== undefined, { message: 'validators.required', path: ['customer'] }));
export type PoolChanges = z.input<typeof PoolChangesSchema>;

/** GET v1/orders/search for a totem: free text (number, name, phone) and a day the order covers. */
export const StaffOrderSearchQuerySchema = z.object({
  q: optionalString(100),
  date: z.optional(day()),
  status: z.optional(z.enum(['confirmed', 'cancelled'])),
  paid: z.optional(z.enum(['0', '1'])),
});
