// "Kiosks of this shop" (src/features/kiosk/pairing/stores/shop-kiosks.ts) against the real API on a seeded PGlite database,
// as the demo shop's admin kiosk BARD-02: the list with pending codes, a new pairing code only with
// this kiosk's password (a wrong one said as such, its own code refused with the server's message),
// cancelling it, revoking a kiosk (its device and its code end), a new password for a kiosk,
// lifting the lock wrong passwords put on a kiosk, and an outage shown as such with the rows kept.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestStorageEngine } from '@nanostores/persistent';
import type { TestApi } from '~tests/support/app';
import { actAsKiosk, pairedForTheFile, routeFetchToApi } from '../support';
import { call, pair, totemOf } from '~tests/support/staff';

beforeAll(() => {
  useTestStorageEngine();
});

const store = await import('~/features/kiosk/pairing/stores/shop-kiosks');

const ADMIN_PASSWORD = totemOf('BARD-02').password;
let api: TestApi;
let admin: string;
let apiDown = false;

pairedForTheFile('BARD-02', (kiosk) => ({ api, token: admin } = kiosk));

beforeEach(() => {
  apiDown = false;
  actAsKiosk({ type: 20, code: 'BARD-02' }, admin);
  routeFetchToApi(api, {
    before: () => {
      if (apiDown) throw new TypeError('fetch failed');
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

const pendingOf = (code: string) => store.$shopKiosks.get().kiosks.find((k) => k.code === code)?.pending_code;
const pairWith = (code: string) => call(api, 'POST', '/api/v1/pair', undefined, { code });

describe('kiosks of this shop', () => {
  it('lists the kiosks this one manages, none with a pending code', async () => {
    await store.loadShopKiosks();
    expect(store.$shopKiosks.get()).toEqual({
      state: 'ready',
      kiosks: [
        { code: 'BARD-01', type: 10, pending_code: null },
        { code: 'BARD-02', type: 20, pending_code: null },
      ],
    });
  });

  it("makes a pairing code only with this kiosk's password, shows it once and lists it as pending", async () => {
    expect(await store.newPairingCode('BARD-01', 'not-it')).toEqual({ kind: 'wrongPassword' });
    expect(pendingOf('BARD-01')).toBeNull();

    const outcome = await store.newPairingCode('BARD-01', ADMIN_PASSWORD);
    expect(outcome).toMatchObject({ kind: 'pairingCode', totem: 'BARD-01', code: expect.stringMatching(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/) });
    expect(pendingOf('BARD-01')).toMatchObject({ minted_by: 'BARD-02', expires_at: (outcome as { expiresAt: string }).expiresAt });
    // The list never holds the code itself.
    expect(JSON.stringify(store.$shopKiosks.get())).not.toContain((outcome as { code: string }).code);
    expect((await pairWith((outcome as { code: string }).code)).status).toBe(200);
    await store.loadShopKiosks();
    expect(pendingOf('BARD-01')).toBeNull();
  });

  it("says the server's refusal of this kiosk's own code", async () => {
    expect(await store.newPairingCode('BARD-02', ADMIN_PASSWORD)).toEqual({ kind: 'failed', message: expect.stringContaining('proprio codice') });
  });

  it('cancels a pending code: it no longer pairs', async () => {
    const minted = await store.newPairingCode('BARD-01', ADMIN_PASSWORD);
    expect(await store.cancelKioskCode('BARD-01')).toEqual({ kind: 'cancelled', totem: 'BARD-01' });
    expect(pendingOf('BARD-01')).toBeNull();
    expect((await pairWith((minted as { code: string }).code)).status).toBe(422);
  });

  it('revokes a kiosk: its device answers 401 and its pending code no longer pairs', async () => {
    const device = await pair(api, totemOf('BARD-01').pairingCode);
    const minted = await store.newPairingCode('BARD-01', ADMIN_PASSWORD);
    const outcome = await store.revokeShopKiosk('BARD-01');
    expect(outcome).toMatchObject({ kind: 'revoked', totem: 'BARD-01', codes: 1 });
    expect((outcome as { devices: number }).devices).toBeGreaterThanOrEqual(1);
    expect((await call(api, 'GET', '/api/v1/totem', device)).status).toBe(401);
    expect((await pairWith((minted as { code: string }).code)).status).toBe(422);
    expect(pendingOf('BARD-01')).toBeNull();
  });

  it('gives a kiosk a new password, shown once, which then opens its configuration', async () => {
    const device = await pair(api, totemOf('BARD-01').pairingCode);
    expect(await store.rotateKioskPassword('BARD-01', 'not-it')).toEqual({ kind: 'wrongPassword' });
    const outcome = await store.rotateKioskPassword('BARD-01', ADMIN_PASSWORD);
    expect(outcome).toMatchObject({ kind: 'password', totem: 'BARD-01' });
    const fresh = (outcome as { password: string }).password;
    expect((await call(api, 'POST', '/api/v1/totem/password', device, { password: fresh })).status).toBe(200);
    expect((await call(api, 'POST', '/api/v1/totem/password', device, { password: totemOf('BARD-01').password })).status).toBe(422);
  });

  it("lifts the lock wrong passwords put on a kiosk's configuration, with this kiosk's password", async () => {
    const device = await pair(api, totemOf('BARD-01').pairingCode);
    const guess = () => call(api, 'POST', '/api/v1/totem/password', device, { password: 'a-walk-in-guess' });
    // Ten wrong passwords lock it (the previous test's wrong one may already count).
    for (let i = 0; i < 10; i++) await guess();
    expect((await guess()).status).toBe(429);
    expect(await store.unlockShopKiosk('BARD-01', 'not-it')).toEqual({ kind: 'wrongPassword' });
    expect((await guess()).status).toBe(429);
    expect(await store.unlockShopKiosk('BARD-01', ADMIN_PASSWORD)).toEqual({ kind: 'unlocked', totem: 'BARD-01' });
    // Wrong passwords count from zero again: a wrong one is said as such, not refused as too many.
    expect((await guess()).status).toBe(422);
  });

  it('keeps the rows and says the list was not read when the server cannot be reached', async () => {
    await store.loadShopKiosks();
    apiDown = true;
    await store.loadShopKiosks();
    expect(store.$shopKiosks.get()).toMatchObject({ state: 'error', kiosks: [{ code: 'BARD-01' }, { code: 'BARD-02' }] });
    expect(await store.cancelKioskCode('BARD-01')).toMatchObject({ kind: 'failed' });
  });
});
