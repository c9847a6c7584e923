// Sending a customer to pay (src/api/payments.ts, domain/payments.ts isTrustedPaymentUrl): only to
// https on a trusted provider host, http only on loopback (the demo's simulated page).
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeFetchClient, type FetchCall } from '~tests/support/fake-api-client';
import { isTrustedPaymentUrl } from '~/domain/payments';

let paymentUrl = 'https://pay.example.com/session/1';
const posted: FetchCall[] = [];

/** The client the requests are made with: a guest's, a fake fetch at the boundary. */
const api = fakeFetchClient({
  token: () => null,
  calls: posted,
  answer: () => Response.json({ data: { id: 's1', payment_url: paymentUrl, amount: 42, expires_at: '2026-11-23T12:00:00.000Z' } }, { status: 201 }),
});

const { startPayment, trustedPaymentHosts, UntrustedPaymentUrlError } = await import('~/api/payments');

describe('isTrustedPaymentUrl', () => {
  const hosts = ['pay.example.com', 'localhost:4321'];
  it('accepts https on a trusted host and http on loopback only', () => {
    expect(isTrustedPaymentUrl('https://pay.example.com/s/1', hosts)).toBe(true);
    expect(isTrustedPaymentUrl('http://localhost:4321/api/payments/simulator/1', hosts)).toBe(true);
    expect(isTrustedPaymentUrl('http://pay.example.com/s/1', hosts)).toBe(false);
    expect(isTrustedPaymentUrl('https://pay.example.com.evil.test/s/1', hosts)).toBe(false);
    expect(isTrustedPaymentUrl('https://evil.test/s/1', hosts)).toBe(false);
    expect(isTrustedPaymentUrl('https://user:pw@pay.example.com/s/1', hosts)).toBe(false);
    expect(isTrustedPaymentUrl('javascript:alert(1)', hosts)).toBe(false);
    expect(isTrustedPaymentUrl('/relative', hosts)).toBe(false);
  });
});

describe('startPayment', () => {
  beforeEach(() => {
    posted.length = 0;
  });

  it('trusts the configured hosts and the API host as the page sees it', () => {
    expect(trustedPaymentHosts('https://www.example.com/orders/x', ['pay.example.com'], '/api')).toEqual(['pay.example.com', 'www.example.com']);
    expect(trustedPaymentHosts('https://www.example.com/', [], 'https://api.example.net/')).toEqual(['api.example.net']);
  });

  it('opens a session with the return path and answers the provider page', async () => {
    paymentUrl = 'https://shop.example.com/api/payments/simulator/s1';
    await expect(startPayment(api, 'u-1', '/orders/u-1', 'https://shop.example.com/orders/u-1')).resolves.toBe(paymentUrl);
    expect(posted.map(({ url, body }) => ({ url: url.href, body }))).toEqual([{ url: 'https://shop.example.com/api/v1/orders/u-1/payments', body: { return_path: '/orders/u-1' } }]);
  });

  it('refuses to send the customer to an address outside the trusted hosts', async () => {
    paymentUrl = 'https://phish.example.org/pay';
    await expect(startPayment(api, 'u-1', '/orders/u-1', 'https://shop.example.com/orders/u-1')).rejects.toBeInstanceOf(UntrustedPaymentUrlError);
  });
});
