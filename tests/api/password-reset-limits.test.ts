// Password-reset brute force: limits per account whatever the address (codes issued an
// hour, wrong guesses a day, then the holder is told), attempts counted and codes used atomically
// in SQL, proven with concurrent requests.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { resetCodes, users } from '~server/db/schema/index';
import {
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODES_PER_ACCOUNT,
  RESET_WRONG_GUESSES_PER_ACCOUNT,
} from '~server/auth/reset-codes';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { readMail, signup } from '../support/orders';
import { refusal } from '../support/contract';

const HOUR_MS = 60 * 60_000;
const LOCKED_SUBJECT_IT = 'Tentativi sospetti di reimpostare la tua password';
const INVALID_CODE = { code: ['Codice non valido o scaduto'] };

describe.each(testDrivers)('password reset limits on $name', (driver) => {
  let clock = Date.now();
  let address = 0;
  const api = seededApi(driver, { now: new Date(clock) });
  beforeAll(() => {
    // Each request from its own address (one proxy hop trusted): what an attacker rotating
    // addresses does, and what the per-address limit cannot stop.
    api.deps.trustProxy = 1;
  });

  const travel = (ms: number) => {
    clock += ms;
    api.setNow(new Date(clock));
  };
  const post = (path: string, body: unknown) => {
    address++;
    const from = `10.${(address >> 8) & 255}.${address & 255}.7`;
    return api.request(path, { method: 'POST', json: body, headers: { 'x-forwarded-for': from } });
  };
  const mailsTo = (username: string) => api.outbox().map(readMail).filter((m) => m.to === username);
  const lastCode = (username: string) => /è (\d{6})\./.exec(mailsTo(username).at(-1)?.text ?? '')?.[1];
  const wrongFor = (code: string | undefined) => (code === '000000' ? '111111' : '000000');
  const newPassword = (n: number) => ({ password: `Nuova-Pass-${n}`, password_confirmation: `Nuova-Pass-${n}` });

  it('issues at most 3 codes an hour per account, from any address; an unknown address answers the same', async () => {
    const username = 'codes.hour@example.com';
    await signup(api, username);
    expect(RESET_CODES_PER_ACCOUNT.limit).toBe(3);
    for (let i = 0; i < RESET_CODES_PER_ACCOUNT.limit; i++) {
      expect((await post('/api/forgot_password', { username })).status).toBe(200);
      expect((await post('/api/forgot_password', { username: 'nobody.here@example.com' })).status).toBe(200);
    }
    expect(mailsTo(username)).toHaveLength(RESET_CODES_PER_ACCOUNT.limit);
    const refused = await post('/api/forgot_password', { username: username.toUpperCase() });
    expect(refused.status).toBe(429);
    expect((await refusal(refused)).message).toMatch(/^Troppi tentativi: riprova tra \d+ secondi$/);
    expect((await post('/api/forgot_password', { username: 'nobody.here@example.com' })).status).toBe(429);
    expect(mailsTo(username)).toHaveLength(RESET_CODES_PER_ACCOUNT.limit);
    // Another account is not held back.
    expect((await post('/api/forgot_password', { username: 'mario.rossi@example.com' })).status).toBe(200);
    travel(HOUR_MS + 60_000);
    expect((await post('/api/forgot_password', { username })).status).toBe(200);
    expect(mailsTo(username)).toHaveLength(RESET_CODES_PER_ACCOUNT.limit + 1);
  });

  it('allows 10 wrong guesses a day per account across codes and addresses, then tells the holder once and refuses even the right code', async () => {
    const username = 'guesses.day@example.com';
    await signup(api, username);
    const guess = (code: string | undefined) => post('/api/reset_password_code', { username, code });
    let wrong = 0;
    // Two codes, each guessed wrong 5 times (its own limit), from 10 addresses.
    for (let round = 0; round < 2; round++) {
      expect((await post('/api/forgot_password', { username })).status).toBe(200);
      const code = lastCode(username);
      for (let i = 0; i < RESET_CODE_MAX_ATTEMPTS; i++) {
        const res = await guess(wrongFor(code));
        expect([res.status, (await refusal(res)).errors]).toEqual([422, INVALID_CODE]);
        wrong++;
      }
    }
    expect(wrong).toBe(RESET_WRONG_GUESSES_PER_ACCOUNT.limit);
    const warnings = () => mailsTo(username).filter((m) => m.subject === LOCKED_SUBJECT_IT);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.text).toMatch(/^Ciao Anna,\n\nqualcuno ha inserito 10 codici sbagliati .* prossime 24 ore/s);

    // A third code, typed right: refused for the rest of the day, and no second warning.
    expect((await post('/api/forgot_password', { username })).status).toBe(200);
    const third = lastCode(username);
    expect((await guess(third)).status).toBe(429);
    expect((await guess(wrongFor(third))).status).toBe(429);
    expect((await post('/api/reset_password', { username, code: third, ...newPassword(1) })).status).toBe(429);
    expect(warnings()).toHaveLength(1);

    // The next day the account can be reset again.
    travel(24 * HOUR_MS + 60_000);
    expect((await post('/api/forgot_password', { username })).status).toBe(200);
    const res = await post('/api/reset_password', { username, code: lastCode(username), ...newPassword(2) });
    expect(res.status).toBe(200);
  });

  it('holds an unknown address to the same guesses, with nobody to tell', async () => {
    const username = 'nessuno.guess@example.com';
    const before = api.outbox().length;
    for (let i = 0; i < RESET_WRONG_GUESSES_PER_ACCOUNT.limit; i++) {
      expect((await post('/api/reset_password_code', { username, code: '123456' })).status).toBe(422);
    }
    expect((await post('/api/reset_password_code', { username, code: '123456' })).status).toBe(429);
    expect(api.outbox()).toHaveLength(before);
  });

  it('counts concurrent wrong guesses in SQL: never more than 5 on a code, which then refuses the right one', async () => {
    const username = 'parallel.guesses@example.com';
    await signup(api, username);
    expect((await post('/api/forgot_password', { username })).status).toBe(200);
    const code = lastCode(username);
    const parallel = 8;
    const answers = await Promise.all(
      Array.from({ length: parallel }, () => post('/api/reset_password_code', { username, code: wrongFor(code) })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(parallel).fill(422));
    const [user] = await api.deps.database.db.select().from(users).where(eq(users.username, username));
    const rows = await api.deps.database.db.select().from(resetCodes).where(eq(resetCodes.userId, user!.id));
    expect(rows.map((r) => r.attempts)).toEqual([RESET_CODE_MAX_ATTEMPTS]);
    const right = await post('/api/reset_password_code', { username, code });
    expect([right.status, (await refusal(right)).errors]).toEqual([422, INVALID_CODE]);
  });

  it('uses a code once: of concurrent resets with the right code exactly one wins', async () => {
    const username = 'parallel.reset@example.com';
    await signup(api, username, 'Vecchia-Pass-0');
    expect((await post('/api/forgot_password', { username })).status).toBe(200);
    const code = lastCode(username);
    const tries = [1, 2, 3, 4];
    const answers = await Promise.all(tries.map((n) => post('/api/reset_password', { username, code, ...newPassword(n) })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(tries.length - 1);
    for (const res of answers.filter((r) => r.status === 422)) expect((await refusal(res)).errors).toEqual(INVALID_CODE);
    const winner = tries[statuses.indexOf(200)]!;
    const logins = await Promise.all(
      tries.map((n) => post('/api/v1/login', { username, password: newPassword(n).password }).then((r) => r.status)),
    );
    expect(logins).toEqual(tries.map((n) => (n === winner ? 200 : 422)));
    const [user] = await api.deps.database.db.select().from(users).where(eq(users.username, username));
    const rows = await api.deps.database.db.select().from(resetCodes).where(eq(resetCodes.userId, user!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.usedAt).not.toBeNull();
  });
});
