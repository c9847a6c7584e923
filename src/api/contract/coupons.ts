// Coupons: a code checked by the API; a blocked coupon is returned with `blocked: true` so the
// storefront can show it as refused and never send it with an order.
import * as z from 'zod/mini';
import { CouponSchema } from './orders';
import { noControlCharacters } from './fields';

export const CouponCheckRequestSchema = z.object({
  code: z
    .string({ error: 'validators.required' })
    .check(z.trim(), noControlCharacters(), z.minLength(1, 'validators.required'), z.maxLength(64, 'validators.maxLength')),
});
export const CouponResponseSchema = z.object({ data: CouponSchema });
