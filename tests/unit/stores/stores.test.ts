import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanStores } from 'nanostores';
import { getTestStorage, setTestStorageKey, useTestStorageEngine, cleanTestStorage } from '@nanostores/persistent';
import { DateModes } from '~/domain/dates';

beforeAll(() => {
  useTestStorageEngine();
});

// Imported after the test engine is on, so the persistent atoms use it.
const cart = await import('~/stores/cart');
const configuration = await import('~/stores/configuration');
const session = await import('~/stores/session');
const login = await import('~/stores/login');
const shopLoad = await import('~/stores/shop-load');
const notifications = await import('~/stores/notifications');

const product = (id: number, related: { id: number; id_price: number; used: boolean }[] = []) => ({
  id,
  id_shop: 1,
  id_price: 100 + id,
  related,
  multipleDates: DateModes.RANGE,
  dates: ['2026-12-24', '2026-12-26'],
  days: 3,
});

beforeEach(() => {
  cleanTestStorage();
  cart.clearCart();
  configuration.clearConfiguration({ full: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  cleanStores(cart.$cart, configuration.$configuration);
});

describe('cart store', () => {
  it('persists the cart and counts items for the badge', () => {
    cart.addProduct(product(1));
    cart.addProduct(product(2));
    expect(cart.$cartCount.get()).toBe(2);
    expect(JSON.parse(getTestStorage()[cart.CART_KEY]!).products).toHaveLength(2);
    cart.removeProduct(0);
    expect(cart.$cart.get().products.map((p) => p.id)).toEqual([2]);
  });

  it('reads garbage or an old shape back as an empty cart instead of breaking', async () => {
    const { persistentValidated } = await import('~/stores/persisted');
    const { CartStateSchema } = await import('~/api/contract/cart');
    const { emptyCart } = await import('~/domain/cart');
    for (const [n, stored] of ['{not json', JSON.stringify({ products: 'old shape' }), JSON.stringify([1, 2])].entries()) {
      setTestStorageKey(`cart-probe-${n}`, stored);
      const probe = persistentValidated(`cart-probe-${n}`, CartStateSchema, emptyCart);
      const unbind = probe.listen(() => {});
      expect(probe.get()).toEqual(emptyCart());
      unbind();
    }
    // A valid stored cart is read back as it was.
    setTestStorageKey('cart-probe-ok', JSON.stringify({ ...emptyCart(), phone: '+39 1' }));
    const ok = persistentValidated('cart-probe-ok', CartStateSchema, emptyCart);
    expect(ok.get().phone).toBe('+39 1');
  });

  it('clearing resets every field, coupons and fidelityCardInitialized included', () => {
    cart.addProduct(product(1));
    cart.setContact({ phone: '+39 333', first_name: 'Anna', fiscal_code: 'X' });
    cart.addCoupon({ code: 'NEVE5', amount: 5, blocked: false });
    cart.$cart.set({ ...cart.$cart.get(), fidelityCardInitialized: true });
    cart.startEditingOrder({ uuid: '5f0c9f5e-1111-4222-8333-944445555666', number: '01-0000001' }, [product(3)]);
    expect(cart.$cart.get()).toMatchObject({ orderCodeToReplace: '5f0c9f5e-1111-4222-8333-944445555666', orderNumberToReplace: '01-0000001' });
    cart.addCoupon({ code: 'NEVE5', amount: 5, blocked: false });
    cart.clearCart();
    expect(cart.$cart.get()).toEqual({
      phone: null,
      first_name: null,
      last_name: null,
      email: null,
      fiscal_code: null,
      fidelityCardNumber: null,
      products: [],
      medias: [],
      userHaveMedias: false,
      orderCodeToReplace: null,
      orderNumberToReplace: null,
      coupons: [],
      customers: [],
      fidelityCardInitialized: false,
      idAtDesk: false,
    });
  });

  it('replaces a coupon by code and keeps a blocked one to show as refused', () => {
    cart.addCoupon({ code: 'SCADUTO', amount: 10, blocked: true });
    cart.addCoupon({ code: 'NEVE5', amount: 5, blocked: false });
    cart.addCoupon({ code: 'NEVE5', amount: 5, blocked: false });
    expect(cart.$cart.get().coupons.map((c) => c.code)).toEqual(['SCADUTO', 'NEVE5']);
    cart.removeCoupon('SCADUTO');
    expect(cart.$cart.get().coupons.map((c) => c.code)).toEqual(['NEVE5']);
  });

  it('loads at most 2 stored user documents and drops them on logout; a stored one removed is only flagged', () => {
    cart.addMedia({ id: 0, img: 'blob:1', front: false, stored: false, deleted: false });
    cart.loadUserMedias([
      { id: 7, url: '/api/v1/media/7' },
      { id: 8, url: '/api/v1/media/8' },
      { id: 9, url: '/api/v1/media/9' },
    ]);
    const medias = cart.$cart.get().medias;
    expect(medias.filter((m) => m.stored).map((m) => m.id)).toEqual([7, 8]);
    expect(medias[0]!.front).toBe(true);
    cart.removeMedia(medias[0]!);
    expect(cart.$cart.get().medias.find((m) => m.id === 7)).toMatchObject({ deleted: true });
    cart.removeMedia(cart.$cart.get().medias.find((m) => !m.stored)!);
    expect(cart.$cart.get().medias.some((m) => !m.stored)).toBe(false);
    cart.dropStoredUserMedias();
    expect(cart.$cart.get().medias).toEqual([]);
  });
});

describe('configuration store', () => {
  it('normalizes dates (a reversed range is swapped) and persists them', () => {
    configuration.setDates(3, ['2026-12-28', '2026-12-24']);
    expect(configuration.$configuration.get()).toMatchObject({ multipleDates: DateModes.RANGE, dates: ['2026-12-24', '2026-12-28'] });
    expect(JSON.parse(getTestStorage()['configuration']!).dates).toEqual(['2026-12-24', '2026-12-28']);
  });

  it('availability = server count minus the cart, add-ons included', () => {
    configuration.$availabilities.set({ '1': 3, '5': 10 });
    cart.addProduct(product(1, [{ id: 5, id_price: 500, used: true }]));
    cart.addProduct(product(1, [{ id: 5, id_price: 500, used: false }]));
    expect(configuration.$availableCounts.get()).toEqual({ '1': 1, '5': 9 });
  });

  it('clear keeps the shop unless asked; a full clear forgets the kiosk too', () => {
    const shop = { id: 1, slug: 's', label: 'S', logos: [], categories: [], sports: [] };
    configuration.setShop(shop);
    configuration.setDates(2, ['2026-12-24']);
    configuration.$configuration.set({ ...configuration.$configuration.get(), totem: { type: 20, code: 'T1' } as never });
    configuration.clearConfiguration();
    expect(configuration.$configuration.get()).toMatchObject({ shop, dates: [], multipleDates: DateModes.SINGLE });
    expect(configuration.$configuration.get().totem).not.toBeNull();
    configuration.clearConfiguration({ resetShop: true });
    expect(configuration.$configuration.get().shop).toBeNull();
    configuration.clearConfiguration({ full: true });
    expect(configuration.$configuration.get().totem).toBeNull();
  });

  it('a failed fidelity-card lookup sets the card to null', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ message: 'Risorsa non trovata' }, { status: 404 }));
    expect(await shopLoad.loadFidelityCard('FID-9999')).toBeNull();
    expect(configuration.$configuration.get()).toMatchObject({ fidelityCard: null, askedFidelityCards: ['FID-9999'] });
    vi.stubGlobal('fetch', async () => Response.json({ data: { valid: true, discount: 0.1, holder_initials: 'M.R.' } }));
    expect(await shopLoad.loadFidelityCard('FID-0001')).toEqual({ number: 'FID-0001', valid: true, discount: 0.1, holder_initials: 'M.R.' });
  });
});

describe('session store', () => {
  it('login saves the Bearer token under auth._token.local, fetches the user and loads 2 stored documents', async () => {
    const requests: string[] = [];
    vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
      requests.push(`${init.method} ${url.pathname} ${(init.headers as Record<string, string>).Authorization ?? '-'}`);
      if (url.pathname.endsWith('/v1/login')) return Response.json({ data: { token: 'tok123' } });
      return Response.json({
        data: { first_name: 'Mario', username: 'mario.rossi@example.com', medias: [1, 2, 3].map((id) => ({ id, url: `/m/${id}` })) },
      });
    });
    const user = await login.login({ username: 'mario.rossi@example.com', password: 'Demo-2026!' });
    expect(user.first_name).toBe('Mario');
    expect(getTestStorage()[session.TOKEN_KEY]).toBe('Bearer tok123');
    expect(session.$session.get()).toMatchObject({ loggedIn: true, token: 'Bearer tok123' });
    expect(requests).toEqual(['POST /api/v1/login -', 'GET /api/v1/user Bearer tok123']);
    expect(cart.$cart.get().medias.map((m) => m.id)).toEqual([1, 2]);
    expect(login.$loginLoading.get()).toBe(false);

    vi.stubGlobal('fetch', async () => Response.json({ message: 'ok' }));
    await login.logout();
    expect(session.$session.get()).toEqual({ token: null, user: null, loggedIn: false });
    expect(getTestStorage()[session.TOKEN_KEY]).toBeUndefined();
    expect(cart.$cart.get().medias).toEqual([]);
  });

  it('logout is done at once while the server has not answered, and revokes the old token after', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ data: { token: 'tok456' } }));
    session.saveToken('tok456');
    const sent: string[] = [];
    vi.stubGlobal('fetch', (url: URL, init: RequestInit) => {
      sent.push(`${init.method} ${url.pathname} ${(init.headers as Record<string, string>).Authorization}`);
      return new Promise<Response>(() => {});
    });
    const leaving = login.logout();
    expect(session.$session.get()).toEqual({ token: null, user: null, loggedIn: false });
    expect(getTestStorage()[session.TOKEN_KEY]).toBeUndefined();
    // Resolved with the server still silent, and the revocation already sent: the page may leave.
    await leaving;
    expect(sent).toEqual(['POST /api/v1/logout Bearer tok456']);
  });

  it('a failed login only clears the spinner and rethrows for the form', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ message: 'x', errors: { password: ['Password errata'] } }, { status: 422 }));
    await expect(login.login({ username: 'a', password: 'b' })).rejects.toMatchObject({ status: 422, errors: { password: ['Password errata'] } });
    expect(login.$loginLoading.get()).toBe(false);
    expect(session.$session.get().loggedIn).toBe(false);
  });
});

describe('notifications store', () => {
  it('uses the spec timeouts and ignores empty text', () => {
    vi.useFakeTimers();
    // A snackbar of the test's own: its timer and its ids start afresh.
    const { $notice, notify } = notifications.createNotifications();
    notify('');
    notify('   ');
    expect($notice.get()).toBeNull();
    notify('ciao');
    expect($notice.get()).toMatchObject({ message: 'ciao', timeout: 3000, color: null });
    notify('ok', 'success');
    expect($notice.get()?.timeout).toBe(5000);
    notify('attenzione', 'warning');
    expect($notice.get()?.timeout).toBe(6000);
    notify('errore', 'error', { icon: 'alert' });
    expect($notice.get()).toMatchObject({ timeout: 8000, color: 'error', icon: 'alert' });
    vi.advanceTimersByTime(7999);
    expect($notice.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect($notice.get()).toBeNull();
    vi.useRealTimers();
  });
});

/** A Storage backed by a Map, for the stores that use sessionStorage directly. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('notices for the next page', () => {
  it('a notice left by one page is shown once by the next one, never by the page that left it; garbage and blocked storage are ignored', () => {
    const storage = memoryStorage();
    vi.stubGlobal('sessionStorage', storage);
    const leaving = notifications.createNotifications('page-a');
    const next = notifications.createNotifications('page-b');
    leaving.notifyOnNextPage('Sei uscito', 'info');
    leaving.notifyOnNextPage('   ');
    // Nothing on this page: it is leaving.
    expect(leaving.$notice.get()).toBeNull();
    expect(JSON.parse(storage.getItem('pending-notice')!)).toEqual({ text: 'Sei uscito', type: 'info', from: 'page-a' });
    // The leaving page's snackbar wakes while the next page loads: the notice is not its to take.
    leaving.showPendingNotice();
    expect(leaving.$notice.get()).toBeNull();
    expect(storage.getItem('pending-notice')).not.toBeNull();

    next.showPendingNotice();
    expect(next.$notice.get()).toMatchObject({ message: 'Sei uscito', type: 'info', timeout: 3000 });
    expect(storage.getItem('pending-notice')).toBeNull();
    next.dismissNotice();
    next.showPendingNotice();
    expect(next.$notice.get()).toBeNull();

    // A notice from before this field existed (no `from`) is still shown.
    storage.setItem('pending-notice', JSON.stringify({ text: 'Ordine salvato', type: 'success' }));
    next.showPendingNotice();
    expect(next.$notice.get()).toMatchObject({ message: 'Ordine salvato', type: 'success' });
    next.dismissNotice();

    for (const garbage of ['{broken', JSON.stringify({ text: 'x', type: 'shout' }), JSON.stringify(['x'])]) {
      storage.setItem('pending-notice', garbage);
      next.showPendingNotice();
      expect(next.$notice.get()).toBeNull();
      expect(storage.getItem('pending-notice')).toBeNull();
    }

    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    });
    expect(() => leaving.notifyOnNextPage('Sei uscito')).not.toThrow();
    expect(() => next.showPendingNotice()).not.toThrow();
    vi.unstubAllGlobals();
  });
});

describe('login sheet state', () => {
  it('opens from the button or a page that needs a login (enableLater), wakes the lazy islands, closes on hide', () => {
    const events: string[] = [];
    const target = new EventTarget();
    target.addEventListener('islands:wake', (e) => events.push(e.type));
    vi.stubGlobal('window', target);
    session.clearSession();

    session.openLogin();
    expect(session.$loginDialog.get()).toEqual({ open: true, enableLater: false });
    session.hideLogin();
    expect(session.$loginDialog.get()).toEqual({ open: false, enableLater: false });

    session.requireLogin();
    expect(session.$loginDialog.get()).toEqual({ open: true, enableLater: true });
    // The app bar hydrates on interaction: a page asking for a login must wake it.
    expect(events).toEqual(['islands:wake']);
    session.hideLogin();
    expect(session.$loginDialog.get().open).toBe(false);

    // A visitor with a session is not asked again.
    session.saveToken('abc');
    session.requireLogin();
    expect(session.$loginDialog.get().open).toBe(false);
    session.clearSession();
  });
});
