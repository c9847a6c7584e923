// The kiosk store (src/stores/kiosk.ts, pairing in stores/kiosk-pairing.ts): pairing, the
// configuration password and its one-time access, the settings, the clears, the idle reset of a
// public kiosk, what the API client sends on a kiosk, and which configuration fields a kiosk
// persists (spec §3).
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanStores } from 'nanostores';
import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { DateModes } from '~/domain/dates';

beforeAll(() => {
  useTestStorageEngine();
});

const cart = await import('~/stores/cart');
const configuration = await import('~/stores/configuration');
const session = await import('~/stores/session');
const kiosk = await import('~/stores/kiosk');
const device = await import('~/stores/kiosk-device');
const pairing = await import('~/features/kiosk/pairing/stores/kiosk-pairing');
const { api } = await import('~/stores/api');
const { KIOSK_CONFIRMATION_RESET_MS, KIOSK_IDLE_RESET_MS } = await import('~/domain/kiosk-screens');
const { REF_STORAGE_KEY } = await import('~/stores/keys');

const shop = { id: 6, slug: 'bardonecchia-sport-rent', label: 'Bardonecchia Sport Rent', logos: [], sports: [] };
const realtime = { driver: 'local', key: 'rentalp-local', cluster: null, channel: 'private-shop.6', ws_path: '/app/rentalp-local' };
const settings = (type: number) => ({ type, code: `BARD-0${type / 10}`, pos: null, data_security_user_optional: false, server_url: null, simulated_pos_allowed: true, shop, realtime });

/** Answers each request with `answer(url, init)`; records `METHOD path Authorization`. */
function serve(answer: (url: URL, init: RequestInit) => Response | Promise<Response>) {
  const requests: string[] = [];
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    requests.push(`${init.method} ${url.pathname} ${(init.headers as Record<string, string>).Authorization ?? '-'}`);
    return answer(url, init);
  });
  return requests;
}

async function pairAs(type: number) {
  serve(() => Response.json({ data: { ...settings(type), token: 'kiosk-token-1234567890' } }));
  return pairing.pairDevice('BARD-KIOSK-10');
}

beforeEach(() => {
  cleanTestStorage();
  cart.clearCart();
  configuration.clearConfiguration({ full: true });
  kiosk.$kioskDevice.set({ token: null, shop: null, realtime: null, fakePos: false });
  device.$kioskOrderPlaced.set(false);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  cleanStores(cart.$cart, configuration.$configuration, kiosk.$kioskDevice);
});

describe('pairing', () => {
  it("stores the totem, its shop and its own token, drops a customer's session, cart and referral, and answers the kiosk's start", async () => {
    session.saveToken('customer-token');
    cart.addProduct({ id: 1, id_shop: 1, id_price: 1, related: [], multipleDates: DateModes.SINGLE, dates: ['2027-01-10'], days: 1 });
    setTestStorageKey(REF_STORAGE_KEY, 'partner');
    expect(await pairAs(10)).toBe('/prenota/bardonecchia-sport-rent');
    expect(configuration.$configuration.get()).toMatchObject({ totem: { type: 10, code: 'BARD-01' }, shop: { slug: shop.slug } });
    expect(kiosk.$kioskDevice.get()).toMatchObject({ token: 'Bearer kiosk-token-1234567890', realtime: { channel: 'private-shop.6' } });
    expect(session.$token.get()).toBeUndefined();
    expect(cart.$cart.get().products).toEqual([]);
    expect(getTestStorage()[REF_STORAGE_KEY]).toBeUndefined();
    expect(await pairAs(30)).toBe('/totem/cash-desk');
  });

  it('a refused code rejects with the 422 and changes nothing', async () => {
    serve(() => Response.json({ message: 'Dati non validi', errors: { code: ['Valore non valido'] } }, { status: 422 }));
    await expect(pairing.pairDevice('NOPE')).rejects.toMatchObject({ status: 422, errors: { code: ['Valore non valido'] } });
    expect(configuration.$configuration.get().totem).toBeNull();
    expect(kiosk.$kioskDevice.get().token).toBeNull();
  });

  it("on a kiosk the API client sends the kiosk's token, never a customer's", async () => {
    await pairAs(20);
    session.$token.set('Bearer customer');
    const requests = serve(() => Response.json({ data: [] }));
    await api.get('v1/orders/search');
    expect(requests).toEqual(['GET /api/v1/orders/search Bearer kiosk-token-1234567890']);
    configuration.clearConfiguration({ full: true });
    await api.get('v1/orders');
    expect(requests[1]).toBe('GET /api/v1/orders Bearer customer');
  });
});

describe('configuration password', () => {
  it('is true only for a non-empty password the server accepts; a wrong one is false and silent', async () => {
    await pairAs(30);
    expect(await kiosk.checkKioskPassword('')).toBe(false);
    let requests = serve(() => Response.json({ message: 'x', errors: { password: ['Valore non valido'] } }, { status: 422 }));
    expect(await kiosk.unlockConfiguration('wrong')).toBe(false);
    expect(configuration.$configuration.get().canSeeConfig).toBe(false);
    expect(requests).toEqual(['POST /api/v1/totem/password Bearer kiosk-token-1234567890']);
    requests = serve(() => Response.json({ data: { valid: true } }));
    expect(await kiosk.unlockConfiguration('Cassa-30!')).toBe(true);
    expect(configuration.$configuration.get().canSeeConfig).toBe(true);
  });

  it('/pair opens on a revoked kiosk: the server refusing its token (401) unlocks, a wrong password does not', async () => {
    await pairAs(20);
    serve(() => Response.json({ message: 'x', errors: { password: ['Valore non valido'] } }, { status: 422 }));
    expect(await kiosk.unlockPairing('wrong')).toBe(false);
    serve(() => Response.json({ message: 'Sessione scaduta' }, { status: 401 }));
    expect(await kiosk.unlockPairing('anything')).toBe(true);
    // Still a kiosk: the new code decides what it becomes (nothing is forgotten by unlocking).
    expect(configuration.$configuration.get().totem?.code).toBe('BARD-02');
    serve(() => {
      throw new TypeError('fetch failed');
    });
    await expect(kiosk.unlockPairing('anything')).rejects.toThrow();
  });

  it('the configuration page takes its access once: leaving it needs the password again', async () => {
    await pairAs(30);
    configuration.$configuration.set({ ...configuration.$configuration.get(), canSeeConfig: true });
    expect(kiosk.enterTotemPage('/totem/configuration')).toBe(true);
    expect(configuration.$configuration.get().canSeeConfig).toBe(false);
    expect(kiosk.enterTotemPage('/totem/configuration/')).toBe(false);
    expect(kiosk.enterTotemPage('/totem/delivery')).toBe(true);
  });

  it('no totem: no kiosk page opens', () => {
    expect(kiosk.enterTotemPage('/totem/board')).toBe(false);
  });
});

describe('settings and clears', () => {
  it('saves the terminal host, server URL and fake-POS switch; reloads the settings from the server', async () => {
    await pairAs(30);
    kiosk.saveKioskSettings({ pos: 'http://192.168.1.20:4323', server_url: null, fakePos: true });
    expect(configuration.$configuration.get().totem).toMatchObject({ pos: 'http://192.168.1.20:4323', server_url: null });
    expect(kiosk.$kioskDevice.get().fakePos).toBe(true);
    expect(configuration.$configuration.get().totem?.simulated_pos_allowed).toBe(true);
    // The server left demo mode: the kiosk keeps that the simulated POS is no longer allowed.
    const requests = serve(() => Response.json({ data: { ...settings(30), pos: 'http://localhost:4323', data_security_user_optional: true, simulated_pos_allowed: false } }));
    await kiosk.reloadKioskSettings();
    expect(requests).toEqual(['GET /api/v1/totem Bearer kiosk-token-1234567890']);
    expect(configuration.$configuration.get().totem).toMatchObject({ pos: 'http://localhost:4323', data_security_user_optional: true, simulated_pos_allowed: false });
  });

  it('server_url: the kiosk requests and its realtime auth go there with its token; a wrong address is refused and the previous one kept', async () => {
    await pairAs(30);
    const origins: string[] = [];
    vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
      origins.push(`${url.origin}${url.pathname} ${(init.headers as Record<string, string>).Authorization ?? '-'}`);
      return Response.json({ data: { ...settings(30), server_url: 'https://api.shop.example/api' } });
    });
    expect(kiosk.saveKioskSettings({ pos: null, server_url: 'https://api.shop.example/api', fakePos: false })).toEqual({});
    await kiosk.reloadKioskSettings();
    expect(origins).toEqual(['https://api.shop.example/api/v1/totem Bearer kiosk-token-1234567890']);
    expect(api.urlFor('v1/broadcasting/auth').href).toBe('https://api.shop.example/api/v1/broadcasting/auth');

    // Plain http on the shop's network would carry the token in clear; garbage is no address.
    for (const wrong of ['http://192.168.1.5/api', 'ftp://api.shop.example', 'api.shop.example']) {
      expect(kiosk.saveKioskSettings({ pos: 'http://192.168.1.20:4323', server_url: wrong, fakePos: false })).toEqual({ server_url: { key: 'validators.apiServerUrl' } });
      expect(configuration.$configuration.get().totem).toMatchObject({ pos: null, server_url: 'https://api.shop.example/api' });
    }
    expect(kiosk.saveKioskSettings({ pos: 'not a host', server_url: null, fakePos: false })).toEqual({ pos: { key: 'validators.url' } });
    // The device itself may be plain http (a local proxy).
    expect(kiosk.saveKioskSettings({ pos: null, server_url: 'http://localhost:8080/api', fakePos: false })).toEqual({});
    expect(api.urlFor('v1/totem').href).toBe('http://localhost:8080/api/v1/totem');

    // A value stored before the rule existed is not used: the site's own API answers instead.
    configuration.$configuration.set({ ...configuration.$configuration.get(), totem: { ...configuration.$configuration.get().totem!, server_url: 'http://10.0.0.2/api' } });
    expect(api.urlFor('v1/totem').origin).toBe('http://localhost');
    // Emptied: the site's API again.
    expect(kiosk.saveKioskSettings({ pos: null, server_url: null, fakePos: false })).toEqual({});
    expect(api.urlFor('v1/totem').pathname).toBe('/api/v1/totem');
  });

  it('configuration clear keeps the kiosk and its shop unless asked; full clear unpairs and revokes the token', async () => {
    await pairAs(10);
    configuration.setDates(3, ['2027-01-10', '2027-01-12']);
    kiosk.clearKioskConfiguration(false);
    expect(configuration.$configuration.get()).toMatchObject({ dates: [], totem: { code: 'BARD-01' }, shop: { slug: shop.slug } });
    kiosk.clearKioskConfiguration(true);
    expect(configuration.$configuration.get().shop).toBeNull();
    // The kiosk still knows where it belongs.
    expect(kiosk.kioskHomePath()).toBe('/prenota/bardonecchia-sport-rent');

    const requests = serve(() => Response.json({ message: 'ok' }));
    await pairing.unpairDevice();
    expect(requests).toEqual(['POST /api/v1/logout Bearer kiosk-token-1234567890']);
    expect(configuration.$configuration.get().totem).toBeNull();
    expect(kiosk.$kioskDevice.get()).toEqual({ token: null, shop: null, realtime: null, fakePos: false });
  });

  it('unpairs even when the server cannot be reached', async () => {
    await pairAs(10);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await pairing.unpairDevice();
    expect(kiosk.$kioskDevice.get().token).toBeNull();
  });

  it('is unpaired at once while the server has not answered (a dropped shop connection hangs)', async () => {
    await pairAs(10);
    const sent: string[] = [];
    vi.stubGlobal('fetch', (url: URL, init: RequestInit) => {
      sent.push(`${init.method} ${url.pathname} ${(init.headers as Record<string, string>).Authorization}`);
      return new Promise<Response>(() => {});
    });
    const leaving = pairing.unpairDevice();
    expect(kiosk.$kioskDevice.get()).toEqual({ token: null, shop: null, realtime: null, fakePos: false });
    expect(configuration.$configuration.get().totem).toBeNull();
    // Resolved with the server still silent, the revocation already sent with the kiosk's own
    // token (the stores no longer hold it): the page may leave for /pair.
    await leaving;
    expect(sent).toEqual(['POST /api/v1/logout Bearer kiosk-token-1234567890']);
  });
});

describe('persistence (spec §3)', () => {
  it('a kiosk keeps lastRefresh and morning; any other browser does not', async () => {
    configuration.$configuration.set({ ...configuration.$configuration.get(), lastRefresh: '2026-12-01', morning: true });
    expect(Object.keys(JSON.parse(getTestStorage()['configuration']!))).not.toContain('lastRefresh');
    await pairAs(10);
    configuration.$configuration.set({ ...configuration.$configuration.get(), lastRefresh: '2026-12-01', morning: true });
    expect(JSON.parse(getTestStorage()['configuration']!)).toMatchObject({ lastRefresh: '2026-12-01', morning: true });
  });
});

describe('a public kiosk left alone', () => {
  it('waits 3 minutes, or 1 after an order; staff totems never reset', async () => {
    expect(kiosk.kioskIdleTimeout()).toBeNull();
    await pairAs(10);
    expect(kiosk.kioskIdleTimeout()).toBe(KIOSK_IDLE_RESET_MS);
    device.markKioskOrderPlaced();
    expect(kiosk.kioskIdleTimeout()).toBe(KIOSK_CONFIRMATION_RESET_MS);
    await pairAs(20);
    expect(kiosk.kioskIdleTimeout()).toBeNull();
  });

  it('ends the turn (cart, dates, contact) and answers the start; untouched at the start it stays', async () => {
    await pairAs(10);
    expect(kiosk.resetIdleKiosk('/prenota/bardonecchia-sport-rent/')).toBeNull();
    configuration.setDates(2, ['2027-01-10']);
    cart.setContact({ first_name: 'Lucia', phone: '+39 340 000 1111' });
    expect(kiosk.resetIdleKiosk('/prenota/bardonecchia-sport-rent/order')).toBe('/prenota/bardonecchia-sport-rent');
    expect(configuration.$configuration.get()).toMatchObject({ dates: [], totem: { code: 'BARD-01' } });
    expect(cart.$cart.get()).toMatchObject({ first_name: null, phone: null, products: [] });
  });

  it("goes back to the start in the site's default language: the next customer does not get the last one's", async () => {
    await pairAs(10);
    expect(kiosk.resetIdleKiosk('/prenota/bardonecchia-sport-rent', 'it')).toBeNull();
    expect(kiosk.resetIdleKiosk('/prenota/bardonecchia-sport-rent', 'en')).toBe('/prenota/bardonecchia-sport-rent');
  });

  it('watchIdle fires after the timeout without activity, re-armed by activity and by an order', async () => {
    vi.useFakeTimers();
    await pairAs(10);
    const target = new EventTarget();
    const onIdle = vi.fn();
    const stop = kiosk.watchIdle(target, kiosk.kioskIdleTimeout, onIdle);
    vi.advanceTimersByTime(KIOSK_IDLE_RESET_MS - 1000);
    target.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(KIOSK_IDLE_RESET_MS - 1000);
    expect(onIdle).not.toHaveBeenCalled();
    device.markKioskOrderPlaced();
    vi.advanceTimersByTime(KIOSK_CONFIRMATION_RESET_MS);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
    target.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(KIOSK_IDLE_RESET_MS * 2);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });
});
