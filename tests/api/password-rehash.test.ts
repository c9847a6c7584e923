// Rehash on login: a password stored under older scrypt parameters is hashed again with
// the current ones when its owner logs in (customers) or types it (kiosk configuration password);
// with the production cost that is N=2^15, r=8, p=3.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FAST_SCRYPT, hashPassword, PRODUCTION_SCRYPT, verifyPassword } from '~server/auth/passwords';
import { totems, users } from '~server/db/schema/index';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { call, pair, totemOf } from '../support/staff';

const MARIO = { username: 'mario.rossi@example.com', password: 'Demo-2026!' };
const OLD_SCRYPT = { N: 2 ** 14, r: 8, p: 1 };
const prefix = ({ N, r, p }: { N: number; r: number; p: number }) => `scrypt$${N}$${r}$${p}$`;

describe.each(testDrivers)('password rehash on $name', (driver) => {
  const api = seededApi(driver);

  const storedHash = async () =>
    (await api.deps.database.db.select().from(users).where(eq(users.username, MARIO.username)))[0]!.passwordHash;
  const login = (password: string) => call(api, 'POST', '/api/v1/login', undefined, { username: MARIO.username, password });

  it('rehashes a customer password made under older parameters at the next login, not on a wrong one', async () => {
    const old = await hashPassword(MARIO.password, OLD_SCRYPT);
    await api.deps.database.db.update(users).set({ passwordHash: old }).where(eq(users.username, MARIO.username));
    expect((await login('wrong-password')).status).toBe(422);
    expect(await storedHash()).toBe(old);
    expect((await login(MARIO.password)).status).toBe(200);
    const rehashed = await storedHash();
    expect(rehashed).not.toBe(old);
    expect(rehashed.startsWith(prefix(FAST_SCRYPT))).toBe(true);
    expect(await verifyPassword(MARIO.password, rehashed)).toBe(true);
    // Current parameters: the next login leaves it alone.
    expect((await login(MARIO.password)).status).toBe(200);
    expect(await storedHash()).toBe(rehashed);
  });

  it('with the production cost, a login leaves the password hashed with N=2^15, r=8, p=3', async () => {
    api.deps.passwordHashing = PRODUCTION_SCRYPT;
    try {
      expect((await login(MARIO.password)).status).toBe(200);
      const rehashed = await storedHash();
      expect(rehashed.startsWith(prefix(PRODUCTION_SCRYPT))).toBe(true);
      expect(prefix(PRODUCTION_SCRYPT)).toBe('scrypt$32768$8$3$');
      expect(await verifyPassword(MARIO.password, rehashed)).toBe(true);
    } finally {
      api.deps.passwordHashing = FAST_SCRYPT;
    }
  }, 60_000);

  it("rehashes a kiosk's configuration password made under older parameters when it is typed right", async () => {
    const cash = totemOf('BARD-03');
    const old = await hashPassword(cash.password, OLD_SCRYPT);
    await api.deps.database.db.update(totems).set({ passwordHash: old }).where(eq(totems.code, cash.code));
    const token = await pair(api, cash.pairingCode);
    const stored = async () => (await api.deps.database.db.select().from(totems).where(eq(totems.code, cash.code)))[0]!.passwordHash;
    expect((await call(api, 'POST', '/api/v1/totem/password', token, { password: 'nope' })).status).toBe(422);
    expect(await stored()).toBe(old);
    expect((await call(api, 'POST', '/api/v1/totem/password', token, { password: cash.password })).status).toBe(200);
    expect((await stored()).startsWith(prefix(FAST_SCRYPT))).toBe(true);
    expect((await call(api, 'POST', '/api/v1/totem/password', token, { password: cash.password })).status).toBe(200);
  });
});
