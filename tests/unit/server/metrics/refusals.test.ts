// The reason label of a refused order (server/metrics/refusals.ts), from the errors the order code
// really throws: a field's key names the reason even when the answer's own key is the generic one.
import { describe, expect, it } from 'vitest';
import { HTTPException } from 'hono/http-exception';
import { ApiError, fieldError, forbidden, notFound } from '~server/http/errors';
import { refusalReason } from '~server/metrics/refusals';

describe('refusalReason', () => {
  it('reads the reason from the field errors of a 422', () => {
    const stock = new ApiError(422, 'api.invalidData', {}, { 'cart.0': [{ key: 'api.notAvailable', params: { available: 0 } }] });
    expect(refusalReason(422, stock)).toBe('out_of_stock');
    expect(refusalReason(422, fieldError('from', 'api.outOfSeason'))).toBe('out_of_season');
    expect(refusalReason(422, new ApiError(422, 'api.invalidData', {}, { 'cart.10.prices': [{ key: 'api.unitsPerOrder' }] }))).toBe('units_limit');
    expect(refusalReason(422, fieldError('coupon_codes', 'api.couponBlocked'))).toBe('coupon');
    expect(refusalReason(422, fieldError('email', 'validators.email'))).toBe('validation');
    expect(refusalReason(422, fieldError('from', 'api.pastDates'))).toBe('validation');
  });

  it('tells the limits apart: the order rate limit, the upload quota', () => {
    expect(refusalReason(429, new ApiError(429, 'api.tooManyRequests'))).toBe('rate_limited');
    expect(refusalReason(429, new ApiError(429, 'api.uploadQuotaDay', {}, { medias: [{ key: 'api.uploadQuotaDay' }] }))).toBe('upload_quota');
    expect(refusalReason(422, fieldError('medias', 'api.uploadQuotaOrder'))).toBe('upload_quota');
  });

  it('names the other refusals by status, faults included', () => {
    expect(refusalReason(413, new HTTPException(413))).toBe('too_large');
    expect(refusalReason(403, forbidden())).toBe('forbidden');
    expect(refusalReason(404, notFound())).toBe('not_found');
    expect(refusalReason(409, new ApiError(409, 'api.idempotencyInProgress'))).toBe('conflict');
    expect(refusalReason(503, new Error('database busy'))).toBe('unavailable');
    expect(refusalReason(500, new Error('boom'))).toBe('error');
  });
});
