// Pairing codes: one-time, 12 random symbols of an unambiguous alphabet, living minutes
// (PAIRING_CODE_TTL_MINUTES), minted by another admin kiosk of the same shop with its configuration
// password (re-pairing: the new device replaces the kiosk's earlier ones); revoking a kiosk ends its
// tokens (401), its pending code and every code it minted; the demo codes of server/README.md are
// refused outside demo mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PairingCodeResponseSchema, RevokeTotemResponseSchema } from '~/api/contract/staff';
import { normalizePairingCode, PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH } from '~/domain/pairing';
import { pairingCodes, totems } from '~server/db/schema/index';
import { DEFAULT_PAIRING_CODE_TTL_MINUTES, hashPairingCode } from '~server/staff/pairing';
import { loadConfig } from '~server/config';
import { testDrivers } from '../support/databases';
import { createTestApi, type TestApi } from '../support/app';
import { login } from '../support/orders';
import { call, pair, totemOf } from '../support/staff';

const INVALID = { status: 422, body: { message: 'Valore non valido', errors: { code: ['Valore non valido'] } } };
const MINUTE = 60_000;
const TTL_MS = DEFAULT_PAIRING_CODE_TTL_MINUTES * MINUTE;
const passwordOf = (code: string) => totemOf(code).password;

describe('PAIRING_CODE_TTL_MINUTES', () => {
  it('is 15 minutes unset, whole minutes up to a day when set, and stops the start otherwise', () => {
    const ttl = (value?: string) => loadConfig({ PAIRING_CODE_TTL_MINUTES: value }).pairingCodeTtlMs;
    expect(ttl(undefined)).toBe(15 * MINUTE);
    expect(ttl('')).toBe(15 * MINUTE);
    expect(ttl('30')).toBe(30 * MINUTE);
    expect(ttl('1440')).toBe(1440 * MINUTE);
    for (const wrong of ['0', '-5', '1.5', 'abc', '1441', '15m']) {
      expect(() => ttl(wrong), wrong).toThrow(/PAIRING_CODE_TTL_MINUTES/);
    }
  });
});

describe.each(testDrivers)('kiosk pairing codes on $name', (driver) => {
  let api: TestApi;
  let clock = Date.now();
  /** BARD-02 (type 20) and BARD-03 (type 30, which may manage BARD-02). */
  let admin: string;
  let cash: string;
  beforeAll(async () => {
    api = await createTestApi(driver, { now: new Date(clock) });
    admin = await pair(api, totemOf('BARD-02').pairingCode);
    cash = await pair(api, totemOf('BARD-03').pairingCode);
  }, 120_000);
  afterAll(() => api.dispose());

  const mint = (totem: string, token: string, password: unknown) => call(api, 'POST', `/api/v1/totems/${totem}/pairing_code`, token, { password });
  /** A code for `totem` minted by BARD-02 (or `by`, the kiosk whose token is `token`). */
  const newCode = async (totem: string, token = admin, by = 'BARD-02') => {
    const res = await mint(totem, token, passwordOf(by));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return PairingCodeResponseSchema.parse(res.body).data;
  };
  const pairCall = (code: string) => call(api, 'POST', '/api/v1/pair', undefined, { code });
  const settings = (token: string) => call(api, 'GET', '/api/v1/totem', token);
  const moveClock = (ms: number) => {
    clock += ms;
    api.setNow(new Date(clock));
  };

  it('makes a 12-symbol code of the unambiguous alphabet, valid 15 minutes, stored hashed, that pairs one device only', async () => {
    const issued = await newCode('BARD-01');
    expect(issued.totem).toBe('BARD-01');
    expect(issued.pairing_code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const plain = normalizePairingCode(issued.pairing_code);
    expect(plain).toHaveLength(PAIRING_CODE_LENGTH);
    for (const symbol of plain) expect(PAIRING_CODE_ALPHABET).toContain(symbol);
    expect(new Date(issued.expires_at).getTime()).toBe(clock + TTL_MS);
    // Stored only hashed, with who minted it.
    const [row] = await api.deps.database.db.select().from(pairingCodes).where(eq(pairingCodes.codeHash, hashPairingCode(plain)));
    const [minter] = await api.deps.database.db.select().from(totems).where(eq(totems.code, 'BARD-02'));
    expect(row).toMatchObject({ mintedBy: minter!.id, usedAt: null, cancelledAt: null });
    expect(JSON.stringify(row)).not.toContain(plain);
    // Typed lower-case without dashes, as on a touch keyboard.
    const first = await pairCall(plain.toLowerCase());
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ code: 'BARD-01', type: 10 });
    expect((await settings(first.body.data.token)).status).toBe(200);
    expect(await pairCall(issued.pairing_code)).toEqual(INVALID);
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

  it('refuses a code once its minutes are over (pairs at 14, not at 16)', async () => {
    const early = await newCode('BARD-01');
    moveClock(TTL_MS - MINUTE);
    expect((await pairCall(early.pairing_code)).status).toBe(200);
    const late = await newCode('BARD-01');
    moveClock(TTL_MS + MINUTE);
    expect(await pairCall(late.pairing_code)).toEqual(INVALID);
  });

  it('makes codes live PAIRING_CODE_TTL_MINUTES when set', async () => {
    const before = api.deps.pairingCodeTtlMs;
    api.deps.pairingCodeTtlMs = 5 * MINUTE;
    try {
      const issued = await newCode('BARD-01');
      expect(new Date(issued.expires_at).getTime()).toBe(clock + 5 * MINUTE);
      moveClock(6 * MINUTE);
      expect(await pairCall(issued.pairing_code)).toEqual(INVALID);
    } finally {
      api.deps.pairingCodeTtlMs = before;
    }
  });

  it("revoking a stolen kiosk ends its tokens, its pending code and every code it minted: the thief cannot pair again", async () => {
    // The thief holds BARD-02's token and, before the theft is noticed, mints a code for BARD-01.
    const stolen = await pair(api, totemOf('BARD-02').pairingCode);
    const forPublic = await newCode('BARD-01', stolen);
    // A code for the stolen kiosk itself, made earlier from the cash desk.
    const forStolen = await newCode('BARD-02', cash, 'BARD-03');
    const res = await call(api, 'POST', '/api/v1/totems/BARD-02/revoke', cash);
    expect(res.status).toBe(200);
    const { data } = RevokeTotemResponseSchema.parse(res.body);
    expect(data).toMatchObject({ totem: 'BARD-02', codes_cancelled: 2 });
    expect(data.revoked).toBeGreaterThanOrEqual(2);
    // Eighteen minutes later, as in the review, and right away: neither code pairs.
    expect(await pairCall(forPublic.pairing_code)).toEqual(INVALID);
    expect(await pairCall(forStolen.pairing_code)).toEqual(INVALID);
    expect((await settings(stolen)).status).toBe(401);
    expect((await mint('BARD-01', stolen, passwordOf('BARD-02'))).status).toBe(401);
    // The replacement is minted after the revoke, and pairs.
    const replacement = await newCode('BARD-02', cash, 'BARD-03');
    admin = (await pairCall(replacement.pairing_code)).body.data.token;
    expect((await settings(admin)).status).toBe(200);
  });

  it("a mint racing the revoke of its minter never leaves a code that pairs", async () => {
    const stolen = (await pairCall((await newCode('BARD-02', cash, 'BARD-03')).pairing_code)).body.data.token;
    const [minted, revoked] = await Promise.all([mint('BARD-01', stolen, passwordOf('BARD-02')), call(api, 'POST', '/api/v1/totems/BARD-02/revoke', cash)]);
    expect(revoked.status).toBe(200);
    expect([201, 401]).toContain(minted.status);
    if (minted.status === 201) expect(await pairCall(PairingCodeResponseSchema.parse(minted.body).data.pairing_code)).toEqual(INVALID);
    admin = (await pairCall((await newCode('BARD-02', cash, 'BARD-03')).pairing_code)).body.data.token;
  });

  it('revokes every token of a kiosk: each device paired as it answers 401, others keep working', async () => {
    const one = await pair(api, totemOf('BARD-01').pairingCode);
    const two = await pair(api, totemOf('BARD-01').pairingCode);
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

  it('never lets a kiosk mint its own code (403), whatever its password', async () => {
    const res = await mint('BARD-02', admin, passwordOf('BARD-02'));
    expect(res).toEqual({ status: 403, body: { message: expect.stringContaining('proprio codice') } });
    expect((await mint('bard-03', cash, passwordOf('BARD-03'))).status).toBe(403);
  });

  it("mints only with the caller's own configuration password, its wrong guesses counted with the configuration's", async () => {
    const required = await call(api, 'POST', '/api/v1/totems/BARD-01/pairing_code', admin);
    expect(required).toMatchObject({ status: 422, body: { errors: { password: ['Campo obbligatorio'] } } });
    expect(await mint('BARD-01', admin, 'guess')).toEqual({ status: 422, body: { message: 'Valore non valido', errors: { password: ['Valore non valido'] } } });
    // Another kiosk's password is not the caller's (here the target's own).
    expect((await mint('BARD-01', admin, passwordOf('BARD-01'))).status).toBe(422);
    // Ten wrong in all, minting and opening the configuration alike: then both wait.
    for (let i = 0; i < 4; i++) expect((await call(api, 'POST', '/api/v1/totem/password', admin, { password: 'guess' })).status).toBe(422);
    for (let i = 0; i < 4; i++) expect((await mint('BARD-01', admin, 'guess')).status).toBe(422);
    expect((await mint('BARD-01', admin, passwordOf('BARD-02'))).status).toBe(429);
    expect((await call(api, 'POST', '/api/v1/totem/password', admin, { password: passwordOf('BARD-02') })).status).toBe(429);
    moveClock(16 * MINUTE);
    expect((await mint('BARD-01', admin, passwordOf('BARD-02'))).status).toBe(201);
  });

  it('lets only admin kiosks of the same shop, of the same type or higher, make codes and revoke', async () => {
    const pub = await pair(api, totemOf('BARD-01').pairingCode);
    const other = await pair(api, totemOf('SEST-01').pairingCode);
    const customer = await login(api);
    for (const action of ['pairing_code', 'revoke']) {
      const body = { password: passwordOf('BARD-02') };
      expect((await call(api, 'POST', `/api/v1/totems/BARD-01/${action}`, undefined, body)).status).toBe(401);
      expect((await call(api, 'POST', `/api/v1/totems/BARD-01/${action}`, customer, body)).status).toBe(403);
      expect((await call(api, 'POST', `/api/v1/totems/BARD-01/${action}`, pub, { password: passwordOf('BARD-01') })).status).toBe(403);
      // A type-20 admin cannot make or unmake a cash desk (type 30); the cash desk can.
      expect((await call(api, 'POST', `/api/v1/totems/BARD-03/${action}`, admin, body)).status).toBe(403);
      expect((await call(api, 'POST', `/api/v1/totems/BARD-01/${action}`, other, { password: passwordOf('SEST-01') })).status).toBe(404);
      expect((await call(api, 'POST', `/api/v1/totems/NOPE-99/${action}`, admin, body)).status).toBe(404);
      expect((await call(api, 'POST', `/api/v1/totems/${'X'.repeat(500)}/${action}`, admin, body)).status).toBe(404);
    }
    expect((await mint('BARD-02', cash, passwordOf('BARD-03'))).status).toBe(201);
  });

  it('accepts the published demo codes only in demo mode; made codes work in both', async () => {
    const demoMode = (env: NodeJS.ProcessEnv) => loadConfig(env).demoData;
    expect(demoMode({})).toBe(true);
    expect(demoMode({ NODE_ENV: 'production' })).toBe(false);
    expect(demoMode({ NODE_ENV: 'production', DEMO_DATA: '1' })).toBe(true);
    expect(demoMode({ DEMO_DATA: '0' })).toBe(false);
    // The demo codes are no rows of pairing_codes: they are published, not pending.
    const demoHashes = ['BARD-01', 'BARD-02', 'BARD-03', 'SEST-01'].map((code) => hashPairingCode(totemOf(code).pairingCode));
    const stored = await api.deps.database.db.select({ hash: pairingCodes.codeHash }).from(pairingCodes);
    expect(stored.filter((r) => demoHashes.includes(r.hash))).toEqual([]);
    api.deps.demoData = false;
    try {
      expect(await pairCall(totemOf('BARD-01').pairingCode)).toEqual(INVALID);
      expect(await pairCall(totemOf('BARD-03').pairingCode)).toEqual(INVALID);
      const { pairing_code } = await newCode('BARD-01');
      expect((await pairCall(pairing_code)).status).toBe(200);
    } finally {
      api.deps.demoData = true;
    }
  });
});
