// What the kiosk's service worker keeps besides its precache (src/features/kiosk/offline/routes.ts):
// the shop's booking pages in every locale, and the API's JSON reads, never its writes nor downloads.
import { describe, expect, it } from 'vitest';
import { KIOSK_PAGE_GLOBS, KIOSK_SHELLS, keepsApiAnswer, kioskApiRead, kioskBookingPage, kioskShellFor } from '../../../../../src/features/kiosk/offline/routes';
import { shellFor } from '../../../../../server/static';

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

  it('reads the API network first, its writes never', () => {
    const url = new URL('https://shop.example/api/v1/orders/12');
    expect(kioskApiRead(url, 'GET')).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(kioskApiRead(url, method)).toBe(false);
    expect(kioskApiRead(new URL('https://shop.example/totem/delivery'), 'GET')).toBe(false);
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
});
