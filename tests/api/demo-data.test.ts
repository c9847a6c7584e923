// Demo mode is one switch (DEMO_DATA) for every record whose secret the repository publishes: the
// demo customer, card, coupons, past orders and kiosks exist only in it, and a start outside it
// retires what a database first used in demo mode still holds (server/db/seed/demo.ts): the
// customer cannot log in, the card and coupons are refused, a demo kiosk still on its published
// password is revoked whole and every device paired with a published code is unpaired. A kiosk
// made with `npm run totem -- create` is never touched.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { coupons, fidelityCards, orders, totems, users } from '~server/db/schema/index';
import { DEMO_COUPONS, DEMO_CUSTOMER } from '~server/db/seed/accounts';
import { DEMO_TOTEMS } from '~server/db/seed/kiosk';
import { retireDemoData } from '~server/db/seed/demo';
import { seed } from '~server/db/seed/index';
import { runTotemCommand } from '~server/cli/totem-commands';
import { prepareDatabase } from '~server/main';
import { FAST_SCRYPT, verifyPassword } from '~server/auth/passwords';
import { testDrivers, type TestDriver } from '../support/databases';
import { createTestApi, type TestApi } from '../support/app';
import { testConfig, testSeedOptions } from '../support/config';
import { pair, totemOf } from '../support/staff';
import { throwawayDatabase } from '../support/throwaway-database';

const TTL_MS = 15 * 60_000;
const DEMO_COUPON_CODES = DEMO_COUPONS.map((c) => c.code);

function calls(api: TestApi) {
  return {
    login: (password = DEMO_CUSTOMER.password) => api.request('/api/v1/login', { method: 'POST', json: { username: DEMO_CUSTOMER.username, password } }),
    /** 200 while the kiosk (or customer) token opens a session, 401 once it is gone. */
    kioskSession: (token: string) => api.request('/api/v1/totem', { headers: { authorization: `Bearer ${token}` } }),
    customerSession: (token: string) => api.request('/api/v1/user', { headers: { authorization: `Bearer ${token}` } }),
    coupon: (code: string) => api.request('/api/v1/coupons', { method: 'POST', json: { code } }),
    card: async () => (await (await api.request(`/api/v1/fidelity_card/info?fidelity_card_number=${DEMO_CUSTOMER.fidelityCard}`)).json()) as { data?: { valid: boolean } },
    totem: (...args: string[]) => runTotemCommand(api.deps.database.db, args, { now: new Date(), ttlMs: TTL_MS, passwordHashing: FAST_SCRYPT }),
  };
}

describe.each(testDrivers)('demo records on $name', (driver) => {
  describe('a database first started outside demo mode', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await createTestApi(driver, { demo: false });
    }, 120_000);
    afterAll(() => api.dispose());

    it('holds no demo customer, card, coupon, order or kiosk, and their published secrets open nothing', async () => {
      const db = api.deps.database.db;
      const count = async (table: typeof users | typeof coupons | typeof fidelityCards | typeof orders | typeof totems) =>
        (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
      expect(await count(users)).toBe(0);
      expect(await count(fidelityCards)).toBe(0);
      expect(await count(coupons)).toBe(0);
      expect(await count(orders)).toBe(0);
      expect(await count(totems)).toBe(0);
      const { login, coupon, card } = calls(api);
      expect((await login()).status).toBe(422);
      expect((await coupon('BENVENUTO10')).status).toBe(422);
      expect(await card()).not.toHaveProperty('data.valid', true);
      const paired = await api.request('/api/v1/pair', { method: 'POST', json: { code: totemOf('BARD-03').pairingCode } });
      expect(paired.status).toBe(422);
    });

    it('never lets a kiosk made on the command line take a demo kiosk code', async () => {
      const made = await calls(api).totem('create', 'bard-01', '--shop', 'bardonecchia-sport-rent', '--type', '30');
      expect(made.status).not.toBe(0);
      expect(made.lines.join('\n')).toContain('demo kiosk');
      expect((await api.deps.database.db.select().from(totems)).length).toBe(0);
    });
  });

  describe('a demo database started outside demo mode', () => {
    let api: TestApi;
    let t: ReturnType<typeof calls>;
    const sessions: Record<string, string> = {};
    let retired: string[];

    beforeAll(async () => {
      api = await createTestApi(driver);
      t = calls(api);
      // Devices paired with published codes: two kiosks still on their published password…
      sessions.cash = await pair(api, totemOf('BARD-03').pairingCode);
      sessions.sestriere = await pair(api, totemOf('SEST-01').pairingCode);
      // …and an admin kiosk whose password staff changed, re-paired with a one-time code, and then
      // paired once more with its published code.
      expect((await t.totem('password', 'BARD-02')).status).toBe(0);
      const minted = await t.totem('pairing-code', 'BARD-02');
      const oneTime = /([A-Z0-9]{4}(?:-[A-Z0-9]{4})+)/.exec(minted.lines.join(' ').replace(/BARD-02/g, ''))![1]!;
      sessions.adminOneTime = await pair(api, oneTime);
      sessions.adminDemo = await pair(api, totemOf('BARD-02').pairingCode);
      // A kiosk made for production on the command line, paired with its one-time code.
      const created = await t.totem('create', 'bard-05', '--shop', 'bardonecchia-sport-rent', '--type', '20');
      expect(created.status).toBe(0);
      const code = /([A-Z0-9]{4}(?:-[A-Z0-9]{4})+)/.exec((await t.totem('pairing-code', 'BARD-05')).lines.join(' ').replace(/BARD-05/g, ''))![1]!;
      sessions.created = await pair(api, code);
      // The demo customer logged in.
      sessions.customer = ((await (await t.login()).json()) as { data: { token: string } }).data.token;
      for (const token of Object.values(sessions)) expect(token).toBeTruthy();
      expect((await t.customerSession(sessions.customer)).status).toBe(200);

      retired = await retireDemoData(api.deps.database.db, new Date());
      // The server now runs outside demo mode.
      (api.deps as { demoData: boolean }).demoData = false;
    }, 120_000);
    afterAll(() => api.dispose());

    it('says, one line each, what it found and retired', () => {
      expect(retired.every((line) => line.startsWith('[demo] '))).toBe(true);
      const about = (word: string) => retired.filter((line) => line.includes(word));
      expect(about(DEMO_CUSTOMER.username)).toHaveLength(1);
      expect(about(DEMO_CUSTOMER.fidelityCard)).toHaveLength(1);
      // SCADUTO is blocked already: nothing to say about it.
      expect(about('coupon').map((line) => line.split(' ')[4])).toEqual(['BENVENUTO10', 'NEVE5']);
      for (const code of ['BARD-01', 'BARD-03', 'SEST-01']) expect(about(`kiosk ${code} still had its published password: revoked`)).toHaveLength(1);
      expect(about('kiosk BARD-02: 1 device(s) paired with the published code BARD-ADMIN-20 unpaired')).toHaveLength(1);
      expect(about('BARD-05')).toEqual([]);
      expect(retired).toHaveLength(1 + 1 + 2 + 3 + 1);
    });

    it('lets the demo customer no longer log in, and ends their session', async () => {
      expect((await t.login()).status).toBe(422);
      expect((await t.customerSession(sessions.customer!)).status).toBe(401);
    });

    it('refuses the demo coupons and the demo card', async () => {
      for (const code of ['BENVENUTO10', 'NEVE5']) {
        const res = await t.coupon(code);
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ data: { code, blocked: true } });
      }
      expect(await t.card()).toMatchObject({ data: { valid: false } });
    });

    it('unpairs every device paired with a published code, and revokes the demo kiosks still on their published password', async () => {
      expect((await t.kioskSession(sessions.cash!)).status).toBe(401);
      expect((await t.kioskSession(sessions.sestriere!)).status).toBe(401);
      expect((await t.kioskSession(sessions.adminDemo!)).status).toBe(401);
      // Staff's own password and one-time pairing stand.
      expect((await t.kioskSession(sessions.adminOneTime!)).status).toBe(200);
      const rows = await api.deps.database.db.select().from(totems);
      for (const code of ['BARD-01', 'BARD-03', 'SEST-01']) {
        const row = rows.find((r) => r.code === code)!;
        expect(await verifyPassword(totemOf(code).password, row.passwordHash)).toBe(false);
      }
      // The published codes pair nothing outside demo mode.
      const again = await api.request('/api/v1/pair', { method: 'POST', json: { code: totemOf('BARD-03').pairingCode } });
      expect(again.status).toBe(422);
    });

    it('never touches a kiosk made on the command line', async () => {
      expect((await t.kioskSession(sessions.created!)).status).toBe(200);
    });

    it('says nothing more at the next start, and demo mode turned on again gives the records back', async () => {
      expect(await retireDemoData(api.deps.database.db, new Date())).toEqual([]);
      expect(await seed(api.deps.database.db, new Date(), testSeedOptions({ demo: true }))).toBe(true);
      (api.deps as { demoData: boolean }).demoData = true;
      expect((await t.login()).status).toBe(200);
      expect(await t.card()).toMatchObject({ data: { valid: true } });
      expect(await (await t.coupon('NEVE5')).json()).toMatchObject({ data: { blocked: false } });
      const [row] = await api.deps.database.db.select().from(totems).where(eq(totems.code, 'BARD-03'));
      expect(await verifyPassword(totemOf('BARD-03').password, row!.passwordHash)).toBe(true);
      const blocked = await api.deps.database.db.select().from(coupons).where(eq(coupons.code, 'SCADUTO'));
      expect(blocked[0]!.blocked).toBe(true);
      expect(DEMO_COUPON_CODES).toContain('SCADUTO');
    });
  });
});

describe.each(testDrivers)('the demo cash desks on $name', (driver) => {
  it('find the terminal simulator on the port it runs on (POS_PORT), and keep an address staff typed', async () => {
    const { database, dispose } = await driver.create();
    try {
      const pos = async () => new Map((await database.db.select().from(totems)).map((r) => [r.code, r.pos]));
      await seed(database.db, new Date(), testSeedOptions({ demoPosUrl: 'http://localhost:4555' }));
      expect(Object.fromEntries(await pos())).toEqual({ 'BARD-01': null, 'BARD-02': null, 'BARD-03': 'http://localhost:4555', 'SEST-01': 'http://localhost:4555' });
      // Staff point one desk at the shop's real terminal; the simulator moves to another port.
      await database.db.update(totems).set({ pos: 'http://192.168.1.20:8080' }).where(eq(totems.code, 'SEST-01'));
      await seed(database.db, new Date(), testSeedOptions({ demoPosUrl: 'http://localhost:4666' }));
      const after = await pos();
      expect([after.get('BARD-03'), after.get('SEST-01'), after.get('BARD-01')]).toEqual(['http://localhost:4666', 'http://192.168.1.20:8080', null]);
    } finally {
      await dispose();
    }
  }, 120_000);
});

/** A database folder or server `prepareDatabase` opens as `npm start` does, for one driver. */
async function startTarget(driver: TestDriver): Promise<{ databaseUrl: string | null; dataDir: string; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'demo-start-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (driver.name === 'postgres' && pgUrl) {
    const throwaway = await throwawayDatabase(pgUrl, 'demo');
    return { databaseUrl: throwaway.url, dataDir, drop: async () => (await throwaway.drop(), rmSync(dataDir, { recursive: true, force: true })) };
  }
  return { databaseUrl: null, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

describe.each(testDrivers)('the start of a server on $name', (driver) => {
  it('seeds the demo records in demo mode only, and a production start retires them before it serves', async () => {
    const target = await startTarget(driver);
    try {
      const config = (demoData: boolean) => testConfig({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, demoData });
      const demo = await prepareDatabase(config(true));
      expect(demo.retired).toEqual([]);
      expect((await demo.database.db.select().from(users).where(eq(users.username, DEMO_CUSTOMER.username))).length).toBe(1);
      expect((await demo.database.db.select().from(totems)).length).toBe(DEMO_TOTEMS.length);
      await demo.database.close();

      const production = await prepareDatabase(config(false));
      try {
        expect(production.retired.length).toBeGreaterThanOrEqual(1 + 1 + 2 + DEMO_TOTEMS.length);
        const [customer] = await production.database.db.select().from(users).where(eq(users.username, DEMO_CUSTOMER.username));
        expect(await verifyPassword(DEMO_CUSTOMER.password, customer!.passwordHash)).toBe(false);
      } finally {
        await production.database.close();
      }
      const again = await prepareDatabase(config(false));
      expect(again.retired).toEqual([]);
      await again.database.close();
    } finally {
      await target.drop();
    }
  }, 120_000);
});
