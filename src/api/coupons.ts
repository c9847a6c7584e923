// Coupon codes (spec §5): the API checks a code and answers the coupon, `blocked` when it exists but
// cannot be used (expired…); an unknown code is a 422 on `code`. The checkout's store decides what
// the cart keeps (the checkout's applyCoupon).
import { CouponResponseSchema } from './contract/coupons';
import type { Coupon } from './contract/orders';
import type { ApiClient } from './client';

/** POST v1/coupons {code}: the coupon as the API knows it. */
export async function checkCoupon(api: ApiClient, code: string): Promise<Coupon> {
  return (await api.post('v1/coupons', { json: { code }, schema: CouponResponseSchema })).data;
}
