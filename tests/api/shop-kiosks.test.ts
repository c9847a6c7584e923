// An admin kiosk and the kiosks of its shop: the list with their pending pairing codes (when they end,
// who minted them, never the code), cancelling a pending code, and a new configuration password for
// a kiosk (answered once; its devices stay paired). Held to the shop (another shop's kiosk 404) and
// to the caller's type (a type-20 admin neither sees nor touches cash desks).
import { describe, expect, it } from 'vitest';
import { CancelPairingCodeResponseSchema, KioskPasswordResponseSchema, PairingCodeResponseSchema, ShopKiosksResponseSchema } from '~/api/contract/staff';
import { normalizePairingCode } from '~/domain/pairing';
import { testDrivers } from '../support/databases';
import { login } from '../support/orders';
import { call, pair, pairedKiosks, totemOf } from '../support/staff';

const passwordOf = (code: string) => totemOf(code).password;

describe.each(testDrivers)('the kiosks of a shop on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);

  const list = async (token: string) => {
    const res = await call(api, 'GET', '/api/v1/totems', token);
    expect(res.status).toBe(200);
    return ShopKiosksResponseSchema.parse(res.body).data;
  };
  const mint = async (totem: string, token: string, by: string) => {
    const res = await call(api, 'POST', `/api/v1/totems/${totem}/pairing_code`, token, { password: passwordOf(by) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return PairingCodeResponseSchema.parse(res.body).data;
  };
  const cancel = (totem: string, token: string) => call(api, 'DELETE', `/api/v1/totems/${totem}/pairing_code`, token);
  const rotate = (totem: string, token: string, password: string) => call(api, 'POST', `/api/v1/totems/${totem}/password`, token, { password });
  const checkPassword = (token: string, password: string) => call(api, 'POST', '/api/v1/totem/password', token, { password });

  it('lists the kiosks the caller may manage, each with its pending code when and by whom, never the code', async () => {
    expect(await list(k.admin)).toEqual([
      { code: 'BARD-01', type: 10, pending_code: null },
      { code: 'BARD-02', type: 20, pending_code: null },
    ]);
    expect((await list(k.cash)).map((t) => t.code)).toEqual(['BARD-01', 'BARD-02', 'BARD-03']);
    expect((await list(k.other)).map((t) => t.code)).toEqual(['SEST-01']);

    const issued = await mint('BARD-01', k.admin, 'BARD-02');
    const res = await call(api, 'GET', '/api/v1/totems', k.cash);
    for (const shown of [issued.pairing_code, normalizePairingCode(issued.pairing_code)]) expect(JSON.stringify(res.body)).not.toContain(shown);
    const [publicKiosk] = ShopKiosksResponseSchema.parse(res.body).data;
    expect(publicKiosk).toEqual({ code: 'BARD-01', type: 10, pending_code: { created_at: expect.any(String), expires_at: issued.expires_at, minted_by: 'BARD-02' } });
    // Used, it is no longer pending.
    expect((await call(api, 'POST', '/api/v1/pair', undefined, { code: issued.pairing_code })).status).toBe(200);
    expect((await list(k.admin))[0]!.pending_code).toBeNull();
  });

  it('cancels a pending code: it pairs no device, and cancelling again ends nothing', async () => {
    const issued = await mint('BARD-01', k.cash, 'BARD-03');
    const res = await cancel('bard-01', k.admin);
    expect(res.status).toBe(200);
    expect(CancelPairingCodeResponseSchema.parse(res.body).data).toEqual({ totem: 'BARD-01', cancelled: 1 });
    expect((await list(k.admin))[0]!.pending_code).toBeNull();
    expect((await call(api, 'POST', '/api/v1/pair', undefined, { code: issued.pairing_code })).status).toBe(422);
    expect(CancelPairingCodeResponseSchema.parse((await cancel('BARD-01', k.admin)).body).data.cancelled).toBe(0);
  });

  it("gives a kiosk a new random password with the caller's own: the old one stops, the device stays paired", async () => {
    const pub = await pair(api, totemOf('BARD-01').pairingCode);
    expect(await rotate('BARD-01', k.admin, 'guess')).toEqual({ status: 422, body: { message: 'Valore non valido', errors: { password: ['Valore non valido'] } } });
    expect((await checkPassword(pub, passwordOf('BARD-01'))).status).toBe(200);

    const res = await rotate('BARD-01', k.admin, passwordOf('BARD-02'));
    expect(res.status).toBe(200);
    const { data } = KioskPasswordResponseSchema.parse(res.body);
    expect(data.totem).toBe('BARD-01');
    expect(data.password).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    expect((await checkPassword(pub, passwordOf('BARD-01'))).status).toBe(422);
    expect((await checkPassword(pub, data.password)).status).toBe(200);
    expect((await call(api, 'GET', '/api/v1/totem', pub)).status).toBe(200);
    // Each rotation is a new password.
    const again = KioskPasswordResponseSchema.parse((await rotate('BARD-01', k.admin, passwordOf('BARD-02'))).body).data.password;
    expect(again).not.toBe(data.password);
    expect((await checkPassword(pub, data.password)).status).toBe(422);
  });

  it('rotates its own password too, which it then needs', async () => {
    const res = await rotate('SEST-01', k.other, passwordOf('SEST-01'));
    const fresh = KioskPasswordResponseSchema.parse(res.body).data.password;
    expect((await checkPassword(k.other, passwordOf('SEST-01'))).status).toBe(422);
    expect((await checkPassword(k.other, fresh)).status).toBe(200);
    expect((await call(api, 'POST', '/api/v1/totems/SEST-01/password', k.other, { password: passwordOf('SEST-01') })).status).toBe(422);
  });

  it('holds the list, cancelling and new passwords to admin kiosks of the shop, of the same type or higher', async () => {
    const customer = await login(api);
    // BARD-01 was re-paired above (its first device ended): a public kiosk paired now.
    const pub = await pair(api, totemOf('BARD-01').pairingCode);
    expect((await call(api, 'GET', '/api/v1/totems')).status).toBe(401);
    expect((await call(api, 'GET', '/api/v1/totems', customer)).status).toBe(403);
    expect((await call(api, 'GET', '/api/v1/totems', pub)).status).toBe(403);
    const body = { password: passwordOf('BARD-02') };
    for (const [method, action] of [['DELETE', 'pairing_code'], ['POST', 'password']] as const) {
      const path = (code: string) => `/api/v1/totems/${code}/${action}`;
      expect((await call(api, method, path('BARD-01'), undefined, body)).status).toBe(401);
      expect((await call(api, method, path('BARD-01'), customer, body)).status).toBe(403);
      expect((await call(api, method, path('BARD-01'), pub, { password: passwordOf('BARD-01') })).status).toBe(403);
      expect((await call(api, method, path('BARD-03'), k.admin, body)).status).toBe(403);
      expect((await call(api, method, path('BARD-01'), k.other, { password: passwordOf('SEST-01') })).status).toBe(404);
      expect((await call(api, method, path('NOPE-99'), k.admin, body)).status).toBe(404);
    }
    // Nothing above changed BARD-03's password.
    const cash = await pair(api, totemOf('BARD-03').pairingCode);
    expect((await checkPassword(cash, passwordOf('BARD-03'))).status).toBe(200);
  });
});
