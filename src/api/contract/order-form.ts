// The order form (spec §3 "Order form", issue #4): multipart in bracket notation, read by the API
// into a tree and validated here. Flags arrive as 1/0; ids as numeric strings.
import { z } from 'zod';
import { checkDateShape, day, email, flag, intLike, optionalString, requiredString } from './fields';
import { PHONE_PATTERN } from '../../domain/validators';

/** The person an item is for, as the form sends it (strings; the cart's Customer holds the same fields). */
export const OrderFormCustomerSchema = z.object({
  first_name: optionalString(100),
  last_name: optionalString(100),
  height: optionalString(10),
  weight: optionalString(10),
  shoe_size: optionalString(10),
  level: optionalString(40),
});
export type CustomerInput = z.output<typeof OrderFormCustomerSchema>;

export const OrderFormMediaSchema = z.object({
  // Bounded to the database's integer ids: a larger one is an unknown document, not a failed query.
  id: intLike().pipe(z.number().max(2_147_483_647, 'api.mediaInvalid')).default(0),
  stored: flag(),
  deleted: flag(),
  file: z.instanceof(File).optional(),
});

export const OrderFormSchema = z
  .object({
    from: day(),
    to: day().optional(),
    morning: flag(),
    afternoon: flag(),
    season: flag(),
    invoice: flag(),
    first_name: requiredString(100),
    last_name: requiredString(100),
    // The same rule the checkout applies before sending (src/domain/validators.ts).
    phone: requiredString(40).pipe(z.string().regex(PHONE_PATTERN, 'validators.phone')),
    email: email(),
    fiscal_code: optionalString(32),
    fidelity_card_number: optionalString(64),
    coupon_codes: z.array(z.string().trim().max(64)).max(10).default([]),
    cart: z
      .array(
        z.object({
          prices: z.array(intLike()).min(1, 'validators.required').max(10),
          customer: OrderFormCustomerSchema.optional(),
        }),
        { error: 'validators.emptyCart' },
      )
      .min(1, 'validators.emptyCart')
      .max(50),
    medias: z.array(OrderFormMediaSchema).max(10).default([]),
    edit_order_code: optionalString(64),
    ref: optionalString(64),
    _method: z.string().optional(),
  })
  .superRefine((form, ctx) => {
    checkDateShape(form, ctx);
    if (form.invoice && !form.fiscal_code) {
      ctx.addIssue({ code: 'custom', path: ['fiscal_code'], message: 'validators.required' });
    }
  });
export type OrderFormInput = z.output<typeof OrderFormSchema>;

/** PATCH v1/orders/{id}: contact and invoice changes of an order. */
export const OrderChangesSchema = z
  .object({
    first_name: requiredString(100).optional(),
    last_name: requiredString(100).optional(),
    phone: requiredString(40).optional(),
    email: email().optional(),
    // Absent means unchanged, unlike the order form where absent means no invoice.
    invoice: z
      .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0'])])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === true || v === 1 || v === '1')),
    fiscal_code: optionalString(32),
  })
  .superRefine((form, ctx) => {
    if (form.invoice && !form.fiscal_code) {
      ctx.addIssue({ code: 'custom', path: ['fiscal_code'], message: 'validators.required' });
    }
  });

export const CancelQuerySchema = z.object({ date: day() });

export const OrderSearchQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  date: day().optional(),
});
