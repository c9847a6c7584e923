// A kiosk's configuration password locked by wrong guesses (server/staff/kiosk-password.ts), and
// staff lifting the lock: a walk-in customer typing ten wrong passwords on the public kiosk locks
// its configuration for everyone, the right password included, until an admin kiosk of the same
// shop (with its own password) or `npm run totem -- unlock` lifts exactly that lock. On PostgreSQL
// the count lives in the rate_limits table, so the command line, another process, lifts it too.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '~server/db/client';
import { runTotemCommand } from '~server/cli/totem-commands';
import { PgRateLimiter } from '~server/http/pg-rate-limit';
import { FAST_SCRYPT } from '~server/auth/passwords';
import { testDrivers } from '../support/databases';
import { call, pairedKiosks, totemOf } from '../support/staff';

/** Wrong passwords a kiosk may try before it waits (PASSWORD_PER_TOTEM). */
const GUESSES = 10;
const PUBLIC_PASSWORD = totemOf('BARD-01').password;

describe.each(testDrivers)('lifting a locked kiosk configuration on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);

  const tryPassword = (password: string) => call(api, 'POST', '/api/v1/totem/password', k.public, { password });
  const unlock = (totem: string, token: string, password: string) => call(api, 'POST', `/api/v1/totems/${totem}/unlock`, token, { password });
  /** A walk-in customer's guesses: all refused as wrong, then the kiosk's configuration locked. */
  const lockPublicKiosk = async () => {
    for (let i = 0; i < GUESSES; i++) expect((await tryPassword('not-the-password')).status).toBe(422);
    expect((await tryPassword('not-the-password')).status).toBe(429);
    // During the lock no guess gets through, not even the right password.
    expect((await tryPassword(PUBLIC_PASSWORD)).status).toBe(429);
  };
  /** After a lift the right password works at once, and wrong ones count from zero again. */
  const expectLifted = async () => {
    expect((await tryPassword(PUBLIC_PASSWORD)).status).toBe(200);
    for (let i = 0; i < GUESSES; i++) expect((await tryPassword('not-the-password')).status).toBe(422);
    expect((await tryPassword('not-the-password')).status).toBe(429);
  };

  it("an admin kiosk of the shop lifts the public kiosk's lock with its own password", async () => {
    await lockPublicKiosk();
    const wrong = await unlock('BARD-01', k.admin, 'not-it');
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ errors: { password: expect.any(Array) } });
    expect((await tryPassword(PUBLIC_PASSWORD)).status).toBe(429);

    const res = await unlock('bard-01', k.admin, totemOf('BARD-02').password);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ data: { totem: 'BARD-01' } });
    await expectLifted();
  });

  it("lifts only that kiosk's lock: the admin kiosk's own guesses still count", async () => {
    for (let i = 0; i < GUESSES; i++) expect((await unlock('BARD-01', k.cash, 'not-it')).status).toBe(422);
    expect((await unlock('BARD-01', k.cash, totemOf('BARD-03').password)).status).toBe(429);
    expect((await unlock('BARD-03', k.admin, totemOf('BARD-02').password)).status).toBe(403);
    const lifted = await call(api, 'POST', '/api/v1/totems/BARD-01/unlock', k.other, { password: totemOf('SEST-01').password });
    expect(lifted.status).toBe(404);
    // BARD-01's lift (still locked from the previous test) leaves BARD-03's own lock in place.
    expect((await unlock('BARD-01', k.admin, totemOf('BARD-02').password)).status).toBe(200);
    expect((await unlock('BARD-01', k.cash, totemOf('BARD-03').password)).status).toBe(429);
    expect((await unlock('BARD-03', k.cash, totemOf('BARD-03').password)).status).toBe(429);
    const cli = await runTotemCommand(api.deps.database.db, ['unlock', 'BARD-03'], { now: new Date(), ttlMs: 60_000, passwordHashing: FAST_SCRYPT, limiter: api.deps.limiter });
    expect(cli.status).toBe(0);
    expect((await unlock('BARD-01', k.cash, totemOf('BARD-03').password)).status).toBe(200);
  });

  it("another shop's admin kiosk gets 404, a public kiosk 403, and the lock holds", async () => {
    await lockPublicKiosk();
    expect((await unlock('BARD-01', k.other, totemOf('SEST-01').password)).status).toBe(404);
    expect((await unlock('BARD-01', k.public, PUBLIC_PASSWORD)).status).toBe(403);
    expect((await tryPassword(PUBLIC_PASSWORD)).status).toBe(429);
    expect((await unlock('NOPE-99', k.admin, totemOf('BARD-02').password)).status).toBe(404);
  });

  it('`npm run totem -- unlock` lifts it', async () => {
    // Still locked from the previous test.
    expect((await tryPassword(PUBLIC_PASSWORD)).status).toBe(429);
    // Another process on PostgreSQL has its own limiter over the same table; on PGlite the command
    // runs with the server stopped, so the test hands it the server's own.
    const limiter = driver.name === 'postgres' ? new PgRateLimiter(api.deps.database.db) : api.deps.limiter;
    const settings = { now: new Date(), ttlMs: 60_000, passwordHashing: FAST_SCRYPT, limiter };
    expect(await runTotemCommand(api.deps.database.db, ['unlock', 'nope-99'], settings)).toEqual({ status: 1, lines: ['no kiosk NOPE-99'] });
    const done = await runTotemCommand(api.deps.database.db, ['unlock', 'bard-01'], settings);
    expect(done.status).toBe(0);
    expect(done.lines[0]).toMatch(/^BARD-01: configuration unlocked/);
    await expectLifted();
  });

  it.runIf(driver.name === 'postgres')('`npm run totem -- unlock`, run in its own process, lifts it', async () => {
    // Locked from the previous test's last guesses.
    expect((await tryPassword(PUBLIC_PASSWORD)).status).toBe(429);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kiosk-unlock-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'server/cli/totem.ts'), 'unlock', 'BARD-01'], {
        cwd: projectRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: api.deps.database.url!, NODE_ENV: '', PASSWORD_HASH_COST: '' },
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^BARD-01: configuration unlocked/m);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect((await tryPassword(PUBLIC_PASSWORD)).status).toBe(200);
  }, 120_000);
});
