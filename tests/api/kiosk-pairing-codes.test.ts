// Pairing codes (issue #11): one-time, 12 random symbols of an unambiguous alphabet, made by an
// admin kiosk of the same shop (re-pairing: the new device replaces the kiosk's earlier ones),
// revocable tokens (401 afterwards), and the demo codes of server/README.md refused outside demo mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PairingCodeResponseSchema, RevokeTotemResponseSchema } from '../../src/api/contract/staff';
import { normalizePairingCode, PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH } from '../../src/domain/pairing';
import { totems } from '../../server/db/schema/index';
import { demoPairingCodesEnabled, PAIRING_CODE_TTL_MS } from '../../server/staff/pairing';
import { testDrivers } from '../support/databases';
import { createTestApi, type TestApi } from '../support/app';
import { login } from '../support/orders';
import { call, pair, totemOf } from '../support/staff';

const INVALID = { status: 422, body: { message: 'Valore non valido', errors: { code: ['Valore non valido'] } } };

describe.each(testDrivers)('kiosk pairing codes on $name', (driver) => {
  let api: TestApi;
  let clock = Date.now();
  let admin: string;
  beforeAll(async () => {
    api = await createTestApi(driver, { now: new Date(clock) });
    admin = await pair(api, totemOf('BARD-02').pairingCode);
  }, 120_000);
  afterAll(() => api.dispose());

  const newCode = async (totem: string, token = admin) => {
    const res = await call(api, 'POST', `/api/v1/totems/${totem}/pairing_code`, token);
    expect(res.status).toBe(201);
    return PairingCodeResponseSchema.parse(res.body).data;
  };
  const pairCall = (code: string) => call(api, 'POST', '/api/v1/pair', undefined, { code });
  const settings = (token: string) => call(api, 'GET', '/api/v1/totem', token);

  it('makes a 12-symbol code of the unambiguous alphabet, valid a day, that pairs one device only', async () => {
    const issued = await newCode('BARD-01');
    expect(issued.totem).toBe('BARD-01');
    expect(issued.pairing_code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const plain = normalizePairingCode(issued.pairing_code);
    expect(plain).toHaveLength(PAIRING_CODE_LENGTH);
    for (const symbol of plain) expect(PAIRING_CODE_ALPHABET).toContain(symbol);
    expect(new Date(issued.expires_at).getTime()).toBe(clock + PAIRING_CODE_TTL_MS);
    // Typed lower-case without dashes, as on a touch keyboard.
    const first = await pairCall(plain.toLowerCase());
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ code: 'BARD-01', type: 10 });
    expect((await settings(first.body.data.token)).status).toBe(200);
    expect(await pairCall(issued.pairing_code)).toEqual(INVALID);
    // Stored only hashed, and cleared once used.
    const [row] = await api.deps.database.db.select().from(totems).where(eq(totems.code, 'BARD-01'));
    expect(row!.pairingCodeHash).toBeNull();
  });

  it('lets one of several devices racing with the same code pair', async () => {
    const { pairing_code } = await newCode('BARD-01');
    const answers = await Promise.all(Array.from({ length: 5 }, () => pairCall(pairing_code)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422, 422, 422]);
  });

  it('re-pairing: a new code replaces the kiosk, whose earlier device then gets 401', async () => {
    const before = (await pairCall((await newCode('BARD-01')).pairing_code)).body.data.token;
    expect((await settings(before)).status).toBe(200);
    const replacement = await newCode('BARD-01');
    // Making a code alone changes nothing for the paired device.
    expect((await settings(before)).status).toBe(200);
    const after = (await pairCall(replacement.pairing_code)).body.data.token;
    expect((await settings(after)).status).toBe(200);
    expect((await settings(before)).status).toBe(401);
    // The newest code is the only pending one.
    const older = await newCode('BARD-01');
    const newer = await newCode('BARD-01');
    expect(await pairCall(older.pairing_code)).toEqual(INVALID);
    expect((await pairCall(newer.pairing_code)).status).toBe(200);
  });

  it('revokes every token of a kiosk: each device paired as it answers 401, others keep working', async () => {
    const one = await pair(api, totemOf('BARD-01').pairingCode);
    const two = await pair(api, totemOf('BARD-01').pairingCode);
    const cash = await pair(api, totemOf('BARD-03').pairingCode);
    const res = await call(api, 'POST', '/api/v1/totems/bard-01/revoke', admin);
    expect(res.status).toBe(200);
    const { data } = RevokeTotemResponseSchema.parse(res.body);
    expect(data.totem).toBe('BARD-01');
    expect(data.revoked).toBeGreaterThanOrEqual(2);
    expect((await settings(one)).status).toBe(401);
    expect((await settings(two)).status).toBe(401);
    expect((await call(api, 'POST', '/api/v1/totem/push_in_queue', one, { order: '1' })).status).toBe(401);
    expect((await settings(cash)).status).toBe(200);
    expect((await settings(admin)).status).toBe(200);
  });

  it('lets only admin kiosks of the same shop, of the same type or higher, make codes and revoke', async () => {
    const pub = await pair(api, totemOf('BARD-01').pairingCode);
    const cash = await pair(api, totemOf('BARD-03').pairingCode);
    const other = await pair(api, totemOf('SEST-01').pairingCode);
    const customer = await login(api);
    for (const action of ['pairing_code', 'revoke']) {
      expect((await call(api, 'POST', `/api/v1/totems/BARD-01/${action}`)).status).toBe(401);
      expect((await call(api, 'POST', `/api/v1/totems/BARD-01/${action}`, customer)).status).toBe(403);
      expect((await call(api, 'POST', `/api/v1/totems/BARD-01/${action}`, pub)).status).toBe(403);
      // A type-20 admin cannot make or unmake a cash desk (type 30); the cash desk can.
      expect((await call(api, 'POST', `/api/v1/totems/BARD-03/${action}`, admin)).status).toBe(403);
      expect((await call(api, 'POST', `/api/v1/totems/BARD-01/${action}`, other)).status).toBe(404);
      expect((await call(api, 'POST', `/api/v1/totems/NOPE-99/${action}`, admin)).status).toBe(404);
      expect((await call(api, 'POST', `/api/v1/totems/${'X'.repeat(500)}/${action}`, admin)).status).toBe(404);
    }
    expect((await call(api, 'POST', '/api/v1/totems/BARD-02/pairing_code', cash)).status).toBe(201);
  });

  it('refuses a code past its day', async () => {
    const { pairing_code } = await newCode('BARD-01');
    clock += PAIRING_CODE_TTL_MS + 60_000;
    api.setNow(new Date(clock));
    expect(await pairCall(pairing_code)).toEqual(INVALID);
  });

  it("accepts the published demo codes only in demo mode; made codes work in both", async () => {
    expect(demoPairingCodesEnabled({})).toBe(true);
    expect(demoPairingCodesEnabled({ NODE_ENV: 'production' })).toBe(false);
    expect(demoPairingCodesEnabled({ NODE_ENV: 'production', DEMO_PAIRING_CODES: '1' })).toBe(true);
    expect(demoPairingCodesEnabled({ DEMO_PAIRING_CODES: '0' })).toBe(false);
    // The seed stores no pending code for the demo kiosks: their codes are published.
    const seeded = await api.deps.database.db.select().from(totems);
    expect(seeded.filter((t) => t.pairingCodeHash !== null && t.pairingCodeExpiresAt === null)).toEqual([]);
    api.deps.demoPairingCodes = false;
    try {
      expect(await pairCall(totemOf('BARD-01').pairingCode)).toEqual(INVALID);
      expect(await pairCall(totemOf('BARD-03').pairingCode)).toEqual(INVALID);
      const { pairing_code } = await newCode('BARD-01');
      expect((await pairCall(pairing_code)).status).toBe(200);
    } finally {
      api.deps.demoPairingCodes = true;
    }
  });
});
