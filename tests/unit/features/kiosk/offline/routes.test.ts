// What the kiosk's service worker keeps besides its precache (src/features/kiosk/offline/routes.ts):
// the shop's booking pages in every locale, and the API's JSON reads, never its writes nor downloads.
import { describe, expect, it, vi } from 'vitest';
import { ExpirationPlugin } from 'workbox-expiration';
import { KIOSK_PAGE_GLOBS, KIOSK_SHELLS, keepsApiAnswer, keptApiAnswers, kioskApiRead, kioskBookingPage, kioskShellFor, withReadableDate } from '~/features/kiosk/offline/routes';
import { shellFor } from '~server/static';

// Workbox's modules name the worker's global scope when they load.
vi.hoisted(() => {
  (globalThis as { self?: unknown }).self ??= globalThis;
});

const answer = (status: number, type: string) => ({ status, headers: new Headers({ 'content-type': type }) });

describe('the kiosk worker’s routes', () => {
  it('precaches the kiosk screens of every locale', () => {
    expect(KIOSK_PAGE_GLOBS).toEqual(['totem/**/index.html', 'en/totem/**/index.html', 'fr/totem/**/index.html']);
  });

  it('knows a booking page in every locale, and nothing else', () => {
    for (const path of ['/prenota/bardonecchia-sport-rent', '/en/prenota/bardonecchia-sport-rent/calendar', '/fr/prenota/x/order/', '/prenota']) {
      expect(kioskBookingPage.test(path), path).toBe(true);
    }
    for (const path of ['/totem/delivery', '/noleggio/bardonecchia-sport-rent', '/de/prenota/x', '/prenotazioni', '/account']) {
      expect(kioskBookingPage.test(path), path).toBe(false);
    }
  });

  it("keeps the reads a screen starts with (the kiosk, the catalogue), on this site or the kiosk's API server; its writes never", () => {
    const reads = ['/api/v1/totem', '/api/v1/shops/6', '/api/v1/shops/slug/bardonecchia-sport-rent', '/api/v1/shops/6/availabilities', '/api/v1/shops/6/availabilities/days', '/api/v1/sites', '/api/v2/sites', '/api/v1/sites/3/shops', '/api/v1/sports', '/api/v1/sports/2', '/api/v1/products/41/price'];
    for (const path of reads) expect(kioskApiRead(new URL(`https://shop.example${path}?date_from=2026-12-01`), 'GET'), path).toBe(true);
    expect(kioskApiRead(new URL('https://api.shop.example/booking/v1/totem'), 'GET')).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(kioskApiRead(new URL('https://shop.example/api/v1/totem'), method)).toBe(false);
    expect(kioskApiRead(new URL('https://shop.example/totem/delivery'), 'GET')).toBe(false);
  });

  it("never keeps a customer's data, nor what must read as no answer offline", () => {
    const never = [
      '/api/health', '/api/health/ready', // the outbox's probe: a kept 200 would say the line is back
      '/api/v1/orders/12', '/api/v1/orders', '/api/v1/orders/search', '/api/v1/guest/orders/7f3c', '/api/v1/user', '/api/v1/user/people', '/api/v1/media/4',
      '/api/v1/totem/board', '/api/v1/totems', '/api/v1/totem/referrals',
      '/api/v1/specific_products/S06-CIASPOLE-02', '/api/v1/specific_products', // a unit's check
      '/api/v1/orders/12/payment_claim', '/api/v1/order_details/3/diff', '/api/v1/delivery_details/3/diff', // money
      '/api/v1/coupons/NEVE5', '/api/v1/fidelity_card', '/api/v1/orders/12/fidelity_card',
    ];
    for (const path of never) expect(kioskApiRead(new URL(`https://shop.example${path}`), 'GET'), path).toBe(false);
  });

  it('keeps a JSON answer, not an error nor a download', () => {
    expect(keepsApiAnswer(answer(200, 'application/json; charset=UTF-8'))).toBe(true);
    expect(keepsApiAnswer(answer(503, 'application/json'))).toBe(false);
    expect(keepsApiAnswer(answer(200, 'application/pdf'))).toBe(false);
    expect(keepsApiAnswer(answer(200, 'text/csv'))).toBe(false);
  });

  it('draws an order’s cash desk and a product’s page with their screen, as the server does', () => {
    for (const path of ['/totem/cash-desk/7f3c2a', '/en/totem/cash-desk/7f3c2a/', '/fr/totem/products/CIASPOLE', '/totem/products/S06-CIASPOLE-02']) {
      const shell = kioskShellFor(path);
      expect(shell, path).toBe(shellFor(path)?.replace(/\/$/, ''));
      expect(KIOSK_SHELLS).toContain(shell);
    }
    for (const path of ['/totem/cash-desk', '/totem/delivery', '/en/totem/board/', '/totem/cash-desk/a/b', '/prenota/x']) {
      expect(kioskShellFor(path), path).toBeNull();
      expect(shellFor(path), path).toBeNull();
    }
  });

  it('dates an API answer whose Date the worker cannot read (another origin), so a day-old one expires offline', async () => {
    const DAY_SECONDS = 24 * 60 * 60;
    // What a cross-origin answer shows the worker: only the CORS-safelisted headers.
    const crossOrigin = () => new Response('{"data":[]}', { status: 200, headers: { 'content-type': 'application/json' } });
    const twoDaysAgo = new Date(Date.now() - 2 * DAY_SECONDS * 1000);
    const dated = await withReadableDate(crossOrigin(), twoDaysAgo);
    expect([dated.status, dated.headers.get('content-type'), dated.headers.get('date'), await dated.text()]).toEqual([
      200,
      'application/json',
      twoDaysAgo.toUTCString(),
      '{"data":[]}',
    ]);
    // Workbox's expiration, as the worker sets it up, reads that date; without it the answer is fresh for ever.
    const expiration = new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: DAY_SECONDS }) as unknown as { _isResponseDateFresh(r: Response): boolean };
    expect(expiration._isResponseDateFresh(dated)).toBe(false);
    expect(expiration._isResponseDateFresh(await withReadableDate(crossOrigin()))).toBe(true);
    expect(expiration._isResponseDateFresh(crossOrigin())).toBe(true);
    // A Date the worker can read (the same origin) is kept as it is.
    const sameOrigin = new Response('{}', { headers: { 'content-type': 'application/json', date: twoDaysAgo.toUTCString() } });
    expect(await withReadableDate(sameOrigin)).toBe(sameOrigin);
  });

  it('the API reads’ cache plugin keeps a JSON answer dated, and nothing else', async () => {
    const kept = await keptApiAnswers.cacheWillUpdate({ response: new Response('{}', { headers: { 'content-type': 'application/json' } }) });
    expect(kept?.headers.get('date')).toBeTruthy();
    expect(await keptApiAnswers.cacheWillUpdate({ response: new Response('{}', { status: 503, headers: { 'content-type': 'application/json' } }) })).toBeNull();
    expect(await keptApiAnswers.cacheWillUpdate({ response: new Response('%PDF', { headers: { 'content-type': 'application/pdf' } }) })).toBeNull();
  });
});
