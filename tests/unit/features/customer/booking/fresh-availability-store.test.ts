// The fresh-availability store actions (src/features/customer/booking/stores/fresh-availability.ts, day-availability.ts) on a
// hand-driven clock and page visibility, against a stubbed API whose counts a test changes, as
// another customer's booking would: a re-read while visible or on coming back turns the product
// sold out with a polite notice (a warning, in Italian), a hidden tab asks nothing, and adding a
// product re-reads first and refuses one whose last unit went.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { AVAILABILITY_MAX_AGE_MS, AVAILABILITY_READ_ALLOWANCE_MS } from '~/domain/freshness';
import { manualEnv, settle } from '~tests/support/freshness-env';
import { shownText } from '~tests/support/notices';
import { MAX_UNITS_PER_PRODUCT } from '~/domain/cart';
import { DateModes } from '~/domain/dates';

beforeAll(() => useTestStorageEngine());

const cart = await import('~/stores/cart');
const configuration = await import('~/stores/configuration');
const notifications = await import('~/stores/notifications');
const { createShopAvailability } = await import('~/features/customer/booking/stores/fresh-availability');
const dayStore = await import('~/features/customer/booking/stores/day-availability');

const SHOP = { id: 3, slug: 'negozio', label: 'Negozio', logos: [], categories: [], sports: [] };
const KIT = 11;
const BOOTS = 12;
const DATES = ['2027-01-10', '2027-01-12'];

/** The shop page's availability store as the page makes it (new for each test). */
let fresh: ReturnType<typeof createShopAvailability>;

/** The stubbed API: availabilities and per-day counts, and every request it got. */
let server: { counts: Record<string, number>; days: { date: string; morning: number; afternoon: number }[]; down: boolean; requests: string[] };

const item = (id: number) => ({ id, id_shop: SHOP.id, id_price: 100 + id, related: [], multipleDates: DateModes.RANGE, dates: DATES, days: 3 });

beforeEach(() => {
  fresh = createShopAvailability();
  cleanTestStorage();
  cart.clearCart();
  configuration.clearConfiguration({ full: true });
  notifications.dismissNotice();
  dayStore.$dayAvailability.set({});
  configuration.setShop(SHOP);
  configuration.setDates(3, DATES);
  configuration.$products.set([
    { id: KIT, label: 'Kit valanga', categories: [], require_customer_info: false, prices: [], related: [] },
    { id: BOOTS, label: 'Scarponi', categories: [], require_customer_info: false, prices: [], related: [] },
  ]);
  server = { counts: { [KIT]: 1, [BOOTS]: 4 }, days: [], down: false, requests: [] };
  vi.stubGlobal('fetch', async (url: URL) => {
    server.requests.push(url.pathname);
    if (server.down) throw new TypeError('fetch failed');
    if (url.pathname.endsWith('/availabilities')) return Response.json({ availabilities: { ...server.counts } });
    if (url.pathname.endsWith('/availabilities/days')) return Response.json({ data: server.days.map((d) => ({ ...d })) });
    return Response.json({ message: 'Risorsa non trovata' }, { status: 404 });
  });
});
afterEach(() => {
  fresh.stopShopAvailability();
  vi.unstubAllGlobals();
});

const availabilityReads = () => server.requests.filter((p) => p.endsWith('/availabilities')).length;

describe('shop availability kept fresh', () => {
  it('re-reads before the counts turn a minute old; a unit taken meanwhile turns the product sold out with a polite notice', async () => {
    const env = manualEnv();
    const watch = fresh.watchShopAvailability(env);
    expect(await watch.first).toBe(true);
    expect(configuration.$availableCounts.get()[KIT]).toBe(1);
    expect(notifications.$notice.get()).toBeNull();

    server.counts[KIT] = 0; // someone else books the last kit
    await env.advance(AVAILABILITY_MAX_AGE_MS - AVAILABILITY_READ_ALLOWANCE_MS);
    expect(availabilityReads()).toBe(2);
    expect(configuration.$availableCounts.get()[KIT]).toBe(0);
    expect(fresh.$takenMeanwhile.get()).toEqual([KIT]);
    // A warning: the snackbar announces it politely (role=status), not as an alert.
    expect(notifications.$notice.get()).toMatchObject({ type: 'warning', message: { key: 'booking.takenMeanwhile', params: { count: 1, products: 'Kit valanga' } } });
    expect(await shownText(notifications.$notice.get())).toBe('Un altro cliente ha appena prenotato Kit valanga: per queste date non ne restano.');
  });

  it('asks nothing while the tab is hidden, and re-reads as soon as it is visible again', async () => {
    const env = manualEnv();
    await fresh.watchShopAvailability(env).first;
    await env.setVisible(false);
    server.counts[KIT] = 0;
    await env.advance(20 * 60_000);
    expect(availabilityReads()).toBe(1);
    expect(configuration.$availableCounts.get()[KIT]).toBe(1);
    await env.setVisible(true);
    expect(availabilityReads()).toBe(2);
    expect(configuration.$availableCounts.get()[KIT]).toBe(0);
    expect(await shownText(notifications.$notice.get())).toContain('Kit valanga');
  });

  it('never mistakes what the customer put in the cart, or new dates, for a unit someone else took', async () => {
    const env = manualEnv();
    await fresh.watchShopAvailability(env).first;
    expect(await fresh.addIfStillAvailable(item(KIT))).toBe('added');
    notifications.dismissNotice();
    await env.setVisible(false);
    await env.setVisible(true);
    expect(configuration.$availableCounts.get()[KIT]).toBe(0);
    expect(fresh.$takenMeanwhile.get()).toEqual([]);
    expect(notifications.$notice.get()).toBeNull();
    // Other dates with fewer boots: a first read for them, not a "taken" one.
    server.counts[BOOTS] = 0;
    configuration.setDates(3, ['2027-02-10', '2027-02-12']);
    await fresh.watchShopAvailability(env).first;
    expect(configuration.$availableCounts.get()[BOOTS]).toBe(0);
    expect(notifications.$notice.get()).toBeNull();
  });

  it('several products taken at once are named in one notice', async () => {
    const env = manualEnv();
    await fresh.watchShopAvailability(env).first;
    server.counts = { [KIT]: 0, [BOOTS]: 0 };
    await env.setVisible(false);
    await env.setVisible(true);
    expect(await shownText(notifications.$notice.get())).toBe('Altri clienti hanno appena prenotato Kit valanga, Scarponi: per queste date non ne restano.');
  });
});

describe('adding to the cart', () => {
  it('re-reads just before adding and refuses a product whose last unit was just taken, with the notice', async () => {
    const env = manualEnv();
    await fresh.watchShopAvailability(env).first;
    await env.advance(5_000);
    server.counts[KIT] = 0;
    expect(await fresh.addIfStillAvailable(item(KIT))).toBe('soldOut');
    expect(availabilityReads()).toBe(2);
    expect(cart.$cart.get().products).toHaveLength(0);
    expect(fresh.$takenMeanwhile.get()).toEqual([KIT]);
    expect(notifications.$notice.get()).toMatchObject({ type: 'warning', message: { key: 'booking.takenMeanwhile' } });
    expect(await shownText(notifications.$notice.get())).toContain('Kit valanga');
    // The forced read reset the rhythm: the next one is a full period after it.
    const before = availabilityReads();
    await env.advance(AVAILABILITY_MAX_AGE_MS - AVAILABILITY_READ_ALLOWANCE_MS - 1);
    expect(availabilityReads()).toBe(before);
  });

  it('adds a product still available, and one the re-read could not check (the server checks at the order)', async () => {
    const env = manualEnv();
    await fresh.watchShopAvailability(env).first;
    expect(await fresh.addIfStillAvailable(item(BOOTS))).toBe('added');
    server.down = true;
    expect(await fresh.addIfStillAvailable(item(BOOTS))).toBe('added');
    expect(cart.$cart.get().products.map((p) => p.id)).toEqual([BOOTS, BOOTS]);
  });

  it('says the cart is full rather than "added" when the order already holds as many as it may', async () => {
    const env = manualEnv();
    server.counts[BOOTS] = MAX_UNITS_PER_PRODUCT + 5;
    await fresh.watchShopAvailability(env).first;
    for (let i = 0; i < MAX_UNITS_PER_PRODUCT; i++) expect(await fresh.addIfStillAvailable(item(BOOTS))).toBe('added');
    expect(await fresh.addIfStillAvailable(item(BOOTS))).toBe('full');
    expect(cart.$cart.get().products.filter((p) => p.id === BOOTS)).toHaveLength(MAX_UNITS_PER_PRODUCT);
  });

  it('checks the chosen add-ons too', async () => {
    const env = manualEnv();
    await fresh.watchShopAvailability(env).first;
    server.counts[KIT] = 0;
    const withKit = { ...item(BOOTS), related: [{ id: KIT, id_price: 5, used: true }] };
    expect(await fresh.ensureStillAvailable(withKit)).toBe(false);
    expect(await fresh.ensureStillAvailable({ ...withKit, related: [{ id: KIT, id_price: 5, used: false }] })).toBe(true);
  });
});

describe('calendar days kept fresh', () => {
  const request = { shopId: SHOP.id, productId: KIT, from: '2027-01-01', to: '2027-01-31', editOrderCode: null };
  const key = dayStore.dayAvailabilityKey(request);
  const ready = () => {
    const entry = dayStore.$dayAvailability.get()[key];
    return entry?.status === 'ready' ? entry : null;
  };

  it('shows a half-day taken by someone else after the tab comes back, with a notice; nothing is asked while hidden', async () => {
    server.days = [
      { date: '2027-01-10', morning: 1, afternoon: 1 },
      { date: '2027-01-11', morning: 1, afternoon: 1 },
    ];
    const env = manualEnv();
    const stop = dayStore.watchDayAvailability(request, env);
    await settle();
    expect(ready()?.days.get('2027-01-10')).toEqual({ morning: 1, afternoon: 1 });
    await env.setVisible(false);
    server.days[0]!.afternoon = 0;
    await env.advance(10 * 60_000);
    expect(server.requests).toHaveLength(1);
    await env.setVisible(true);
    expect(server.requests).toHaveLength(2);
    expect(ready()?.days.get('2027-01-10')).toEqual({ morning: 1, afternoon: 0 });
    expect(notifications.$notice.get()).toMatchObject({ type: 'warning', message: { key: 'calendar.takenMeanwhile', params: { count: 1, product: 'Kit valanga' } } });
    expect(await shownText(notifications.$notice.get())).toBe('Un altro cliente ha appena prenotato Kit valanga: in un giorno del mese non ne restano più.');
    stop();
  });

  it('a month kept from earlier is shown at once while fresh, and read again first (loading) once too old', async () => {
    server.days = [{ date: '2027-01-10', morning: 2, afternoon: 2 }];
    const env = manualEnv();
    let stop = dayStore.watchDayAvailability(request, env);
    await settle();
    stop();
    await env.advance(30_000);
    stop = dayStore.watchDayAvailability(request, env);
    expect(ready()).not.toBeNull();
    expect(server.requests).toHaveLength(1);
    stop();
    await env.advance(AVAILABILITY_MAX_AGE_MS);
    stop = dayStore.watchDayAvailability(request, env);
    expect(dayStore.$dayAvailability.get()[key]).toBeUndefined();
    await settle();
    expect(server.requests).toHaveLength(2);
    expect(ready()?.readAt).toBe(env.now());
    stop();
  });

  it('a failed first read is an error; a failed re-read keeps the days on screen', async () => {
    server.down = true;
    const env = manualEnv();
    let stop = dayStore.watchDayAvailability({ ...request, productId: BOOTS }, env);
    await settle();
    expect(dayStore.$dayAvailability.get()[dayStore.dayAvailabilityKey({ ...request, productId: BOOTS })]).toEqual({ status: 'error' });
    stop();
    server.down = false;
    server.days = [{ date: '2027-01-10', morning: 2, afternoon: 2 }];
    stop = dayStore.watchDayAvailability({ ...request, from: '2027-01-02' }, env);
    await settle();
    server.down = true;
    await env.setVisible(false);
    await env.setVisible(true);
    const entry = dayStore.$dayAvailability.get()[dayStore.dayAvailabilityKey({ ...request, from: '2027-01-02' })];
    expect(entry?.status).toBe('ready');
    stop();
  });
});
