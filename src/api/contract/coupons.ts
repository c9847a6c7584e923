// Coupons: a code checked by the API; a blocked coupon is returned with `blocked: true` so the
// storefront can show it as refused and never send it with an order.
import { z } from 'zod';
import { CouponSchema } from './orders';

export const CouponCheckRequestSchema = z.object({
  code: z.string({ error: 'validators.required' }).trim().min(1, 'validators.required').max(64, 'validators.maxLength'),
});
export const CouponResponseSchema = z.object({ data: CouponSchema });
