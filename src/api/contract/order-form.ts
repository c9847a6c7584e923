// The order form (spec §3 "Order form"): multipart in bracket notation, read by the API
// into a tree and validated here. Flags arrive as 1/0; ids as numeric strings.
import * as z from 'zod/mini';
import { checkDateShape, day, email, flag, intLike, noControlCharacters, optionalString, plainString, requiredString } from './fields';
import { ORDER_FIELD_MAX, parseDecimal, PHONE_PATTERN } from '~/domain/validators';

/**
 * A measure of the person (height, weight, shoe size) as the booking's customer dialog sends it:
 * optional, and when given a number by the dialog's rule (src/domain/validators.ts numberRange).
 */
const measure = () =>
  z.pipe(
    optionalString(ORDER_FIELD_MAX.measure),
    z.optional(z.string().check(z.refine((v: string) => !Number.isNaN(parseDecimal(v)), 'validators.required'))),
  );

/** The person an item is for, as the form sends it (strings; the cart's Customer holds the same fields). */
export const OrderFormCustomerSchema = z.object({
  first_name: optionalString(ORDER_FIELD_MAX.name),
  last_name: optionalString(ORDER_FIELD_MAX.name),
  height: measure(),
  weight: measure(),
  shoe_size: measure(),
  level: optionalString(ORDER_FIELD_MAX.level),
});
export type CustomerInput = z.output<typeof OrderFormCustomerSchema>;

export const OrderFormMediaSchema = z.object({
  // intLike bounds it to the database's integer ids ('validators.invalid' beyond): a larger one is
  // refused here, never a failed query.
  id: z._default(intLike(), 0),
  stored: flag(),
  deleted: flag(),
  file: z.optional(z.instanceof(File)),
});

export const OrderFormSchema = z
  .object({
    from: day(),
    to: z.optional(day()),
    morning: flag(),
    afternoon: flag(),
    season: flag(),
    invoice: flag(),
    first_name: requiredString(ORDER_FIELD_MAX.name),
    last_name: requiredString(ORDER_FIELD_MAX.name),
    // The same rule the checkout applies before sending (src/domain/validators.ts).
    phone: z.pipe(requiredString(ORDER_FIELD_MAX.phone), z.string().check(z.regex(PHONE_PATTERN, 'validators.phone'))),
    email: email(),
    fiscal_code: optionalString(ORDER_FIELD_MAX.fiscalCode),
    fidelity_card_number: optionalString(ORDER_FIELD_MAX.code),
    coupon_codes: z._default(z.array(z.string().check(z.trim(), noControlCharacters(), z.maxLength(ORDER_FIELD_MAX.code))).check(z.maxLength(10)), []),
    cart: z
      .array(
        z.object({
          prices: z.array(intLike()).check(z.minLength(1, 'validators.required'), z.maxLength(10)),
          customer: z.optional(OrderFormCustomerSchema),
          /** The size of the item, for a product whose units differ by size; absent for any. */
          size: optionalString(ORDER_FIELD_MAX.size),
        }),
        { error: 'validators.emptyCart' },
      )
      .check(z.minLength(1, 'validators.emptyCart'), z.maxLength(50)),
    medias: z._default(z.array(OrderFormMediaSchema).check(z.maxLength(10)), []),
    edit_order_code: optionalString(ORDER_FIELD_MAX.code),
    ref: optionalString(ORDER_FIELD_MAX.code),
    /** The version of the terms the customer ticked (src/domain/terms.ts); required of site orders. */
    terms_version: optionalString(ORDER_FIELD_MAX.code),
    /**
     * No identity document: the customer will show it at the desk. Only from a public kiosk
     * (src/domain/order-documents.ts, idAtDeskRefusal); kept by edits.
     */
    id_at_desk: flag(),
    _method: z.optional(plainString()),
  })
  .check(
    z.superRefine((form, ctx) => {
      checkDateShape(form, ctx);
      if (form.invoice && !form.fiscal_code) {
        ctx.addIssue({ code: 'custom', path: ['fiscal_code'], message: 'validators.required' });
      }
    }),
  );
export type OrderFormInput = z.output<typeof OrderFormSchema>;

/** PATCH v1/orders/{id}: contact and invoice changes of an order. */
export const OrderChangesSchema = z
  .object({
    first_name: z.optional(requiredString(ORDER_FIELD_MAX.name)),
    last_name: z.optional(requiredString(ORDER_FIELD_MAX.name)),
    phone: z.optional(requiredString(ORDER_FIELD_MAX.phone)),
    email: z.optional(email()),
    // Absent means unchanged, unlike the order form where absent means no invoice.
    invoice: z.pipe(
      z.optional(z.union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0'])])),
      z.transform((v: boolean | 1 | 0 | '1' | '0' | undefined) => (v === undefined ? undefined : v === true || v === 1 || v === '1')),
    ),
    fiscal_code: optionalString(ORDER_FIELD_MAX.fiscalCode),
  })
  .check(
    z.superRefine((form, ctx) => {
      if (form.invoice && !form.fiscal_code) {
        ctx.addIssue({ code: 'custom', path: ['fiscal_code'], message: 'validators.required' });
      }
    }),
  );

export const CancelQuerySchema = z.object({ date: day() });

export const OrderSearchQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), noControlCharacters(), z.maxLength(100))),
  date: z.optional(day()),
});
