// Kiosks outside demo mode: the seed makes the demo kiosks (published codes and passwords) only in
// demo mode (what a start outside it does to them: tests/api/demo-data.test.ts), `npm start` says how
// to make the first kiosk, and `npm run totem` (server/cli/totem-commands.ts) creates a kiosk with a random
// password, gives it a new one and mints its pairing codes, against the real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '~server/db/client';
import { seed } from '~server/db/seed/index';
import { DEMO_TOTEMS } from '~server/db/seed/kiosk';
import { pairingCodes, totems } from '~server/db/schema/index';
import { runTotemCommand } from '~server/cli/totem-commands';
import { kioskStartNotices } from '~server/staff/kiosks';
import { hashPairingCode } from '~server/staff/pairing';
import { testDrivers } from '../support/databases';
import { createTestApi, type TestApi } from '../support/app';
import { call, pair, SHOP } from '../support/staff';
import { testSeedOptions } from '../support/config';
import { FAST_SCRYPT } from '~server/auth/passwords';

const TTL_MS = 15 * 60_000;

describe.each(testDrivers)('kiosks outside demo mode on $name', (driver) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await driver.create());
  }, 120_000);
  afterAll(() => dispose());

  const kiosks = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(totems))[0]!.n;

  it('seeds no kiosk with demo mode off, and says at start how to make one', async () => {
    expect(await seed(database.db, new Date(), testSeedOptions({ demo: false }))).toBe(true);
    expect(await kiosks()).toBe(0);
    expect(await seed(database.db, new Date(), testSeedOptions({ demo: false }))).toBe(false);
    const notices = (await kioskStartNotices(database.db)).join('\n');
    expect(notices).toContain('no kiosk yet');
    expect(notices).toContain('npm run totem -- create');
    expect(notices).toContain('npm run totem -- pairing-code');
  });

  it('adds the demo kiosks once demo mode is on, once only', async () => {
    expect(await seed(database.db, new Date(), testSeedOptions({ demo: true }))).toBe(true);
    expect(await kiosks()).toBe(DEMO_TOTEMS.length);
    expect(await seed(database.db, new Date(), testSeedOptions({ demo: true }))).toBe(false);
    expect(await kiosks()).toBe(DEMO_TOTEMS.length);
    expect(await kioskStartNotices(database.db)).toEqual([]);
  });
});

describe.each(testDrivers)('npm run totem on $name', (driver) => {
  let api: TestApi;
  const now = new Date();
  beforeAll(async () => {
    api = await createTestApi(driver, { now });
  }, 120_000);
  afterAll(() => api.dispose());

  const run = (...args: string[]) => runTotemCommand(api.deps.database.db, args, { now, ttlMs: TTL_MS, passwordHashing: FAST_SCRYPT });
  /** The secret a line printed: the last `XXXX-…` group run in it. */
  const secretIn = (line: string) => /([A-Z0-9]{4}(?:-[A-Z0-9]{4})+)/.exec(line.replace(/^[A-Z0-9-]+:/, ''))![1]!;
  const checkPassword = (token: string, password: string) => call(api, 'POST', '/api/v1/totem/password', token, { password });

  it('creates a kiosk with a random password printed once, pairs it with a code minted on the command line', async () => {
    const created = await run('create', 'bard-04', '--shop', 'bardonecchia-sport-rent', '--type', '20');
    expect(created.status).toBe(0);
    const password = secretIn(created.lines.find((l) => l.includes('password'))!);
    expect(password).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    const [row] = await api.deps.database.db.select().from(totems).where(eq(totems.code, 'BARD-04'));
    expect(row).toMatchObject({ type: 20, shopId: SHOP, pos: null, dataSecurityUserOptional: false });
    expect(row!.passwordHash).not.toContain(password);

    const minted = await run('pairing-code', 'BARD-04');
    expect(minted.status).toBe(0);
    const code = secretIn(minted.lines[0]!);
    expect(minted.lines[0]).toContain(new Date(now.getTime() + TTL_MS).toISOString());
    const [stored] = await api.deps.database.db.select().from(pairingCodes).where(eq(pairingCodes.codeHash, hashPairingCode(code)));
    expect(stored).toMatchObject({ totemId: row!.id, mintedBy: null });
    const token = await pair(api, code);
    expect((await call(api, 'GET', '/api/v1/totem', token)).body.data).toMatchObject({ code: 'BARD-04', type: 20 });
    expect((await checkPassword(token, password)).status).toBe(200);

    // A new password: the old one stops, the device stays paired.
    const rotated = await run('password', 'BARD-04');
    const fresh = secretIn(rotated.lines[0]!);
    expect(fresh).not.toBe(password);
    expect((await checkPassword(token, password)).status).toBe(422);
    expect((await checkPassword(token, fresh)).status).toBe(200);
    expect((await call(api, 'GET', '/api/v1/totem', token)).status).toBe(200);
  });

  it('revokes a stolen kiosk: its device, its pending code and the codes it minted stop pairing', async () => {
    expect((await run('create', 'BARD-05', '--shop', 'bardonecchia-sport-rent', '--type', '20')).status).toBe(0);
    const stolen = await pair(api, secretIn((await run('pairing-code', 'BARD-05')).lines[0]!));
    const ownCode = secretIn((await run('pairing-code', 'BARD-05')).lines[0]!);
    // The stolen admin mints a code for the public kiosk with its password (the thief's way back in).
    const password = secretIn((await run('password', 'BARD-05')).lines[0]!);
    const minted = await call(api, 'POST', '/api/v1/totems/BARD-01/pairing_code', stolen, { password });
    expect(minted.status).toBe(201);

    const revoked = await run('revoke', 'bard-05');
    expect(revoked).toMatchObject({ status: 0, lines: [expect.stringContaining('BARD-05: revoked (1 device session(s) ended, 2 pending pairing code(s) cancelled)'), expect.any(String)] });
    expect((await call(api, 'GET', '/api/v1/totem', stolen)).status).toBe(401);
    expect((await call(api, 'POST', '/api/v1/pair', undefined, { code: ownCode })).status).toBe(422);
    expect((await call(api, 'POST', '/api/v1/pair', undefined, { code: (minted.body as { data: { pairing_code: string } }).data.pairing_code })).status).toBe(422);
    expect(await run('revoke', 'NOPE-99')).toEqual({ status: 1, lines: ['no kiosk NOPE-99'] });
  });

  it('creates by shop id, a cash desk of another shop', async () => {
    expect((await run('create', 'SEST-02', '--shop', '1', '--type', '30')).status).toBe(0);
    const [row] = await api.deps.database.db.select().from(totems).where(eq(totems.code, 'SEST-02'));
    expect(row).toMatchObject({ type: 30, shopId: 1 });
  });

  it('refuses what it cannot do (1) and what it does not understand (2), changing nothing', async () => {
    const count = async () => (await api.deps.database.db.select({ n: sql<number>`count(*)::int` }).from(totems))[0]!.n;
    const before = await count();
    expect(await run('create', 'BARD-04', '--shop', 'bardonecchia-sport-rent', '--type', '10')).toMatchObject({ status: 1, lines: [expect.stringContaining('exists already')] });
    expect(await run('create', 'BARD-01', '--shop', 'bardonecchia-sport-rent', '--type', '10')).toMatchObject({ status: 1, lines: [expect.stringContaining('demo kiosk')] });
    expect(await run('create', 'BARD-09', '--shop', 'nowhere', '--type', '10')).toMatchObject({ status: 1, lines: [expect.stringContaining('no shop')] });
    expect(await run('create', 'BARD-09', '--shop', 'bardonecchia-sport-rent', '--type', '25')).toMatchObject({ status: 1, lines: [expect.stringContaining('--type')] });
    expect(await run('create', 'bad code!', '--shop', 'bardonecchia-sport-rent', '--type', '10')).toMatchObject({ status: 1 });
    expect(await run('password', 'NOPE-99')).toEqual({ status: 1, lines: ['no kiosk NOPE-99'] });
    expect(await run('pairing-code', 'NOPE-99')).toEqual({ status: 1, lines: ['no kiosk NOPE-99'] });
    expect((await run('create', 'BARD-09', '--shop', 'bardonecchia-sport-rent')).status).toBe(2);
    expect((await run('rename', 'BARD-01')).status).toBe(2);
    expect((await run('password')).status).toBe(2);
    expect((await run('password', 'BARD-01', 'BARD-02')).status).toBe(2);
    expect((await run('create', 'BARD-09', '--colour', 'red')).status).toBe(2);
    expect(await count()).toBe(before);
  });
});
