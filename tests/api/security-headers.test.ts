// The API wired with its security headers: every answer carries the referrer policy
// (order paths hold a guest's uuid), nosniff and a data-only CSP; a served document is sandboxed.
import { describe, expect, it } from 'vitest';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { PNG_BYTES, day, file, orderForm, pick, postOrder } from '../support/orders';
import { API_CSP, MEDIA_CSP, REFERRER_POLICY } from '~server/http/security-headers';

const SHOP = 3; // Riviera Bike Rent: city bikes need no customer details

// The headers do not depend on the database: PGlite is enough.
describe.each(testDrivers.slice(0, 1))('API security headers on $name', (driver) => {
  const api = seededApi(driver);

  it('answers, errors included, carry the referrer policy, nosniff and the API CSP', async () => {
    for (const path of ['/api/health', '/api/v1/nothing-here', '/api/v1/orders/not-a-uuid']) {
      const res = await api.request(path);
      expect(res.headers.get('referrer-policy')).toBe(REFERRER_POLICY);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe(API_CSP);
    }
  });

  it('serves an uploaded document sandboxed', async () => {
    const { main } = await pick(api, SHOP, 'CITYBIKE', { from: day(30), to: day(30) });
    const { status, order } = await postOrder(
      api,
      SHOP,
      orderForm({ from: day(30), cart: [{ prices: [main.id] }], medias: [{ file: file(PNG_BYTES, 'doc.png', 'image/png') }] }),
    );
    expect(status).toBe(201);
    const res = await api.request(order.medias[0]!.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(MEDIA_CSP);
  });
});
