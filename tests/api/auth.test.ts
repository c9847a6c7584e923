// Accounts (spec §7): login, profile, logout, signup, password reset by emailed code; 401 paths and
// the language of validation messages.
import {
  MessageResponseSchema,
  ResetCodeResponseSchema,
  ResetPasswordResponseSchema,
  SignupResponseSchema,
} from '~/api/contract/auth';
import { UserResponseSchema } from '~/api/contract/user';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '~server/db/schema/index';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { login, readMail, signup } from '../support/orders';
import { answer, refusal } from '../support/contract';
import { LoginResponseSchema } from '~/api/contract/user';

const MARIO = { username: 'mario.rossi@example.com', password: 'Demo-2026!' };
const UNAUTHENTICATED_IT = 'Sessione non valida o scaduta: accedi di nuovo';

describe.each(testDrivers)('accounts API on $name', (driver) => {
  const api = seededApi(driver);

  const post = (path: string, body: unknown, init: { token?: string; lang?: string } = {}) =>
    api.request(path, { method: 'POST', json: body, ...init });
  const getUser = (token?: string, lang?: string) => api.request('/api/v1/user', { token, lang });

  it('logs in with the demo customer (username case-insensitive) and returns data.token', async () => {
    const res = await post('/api/v1/login', { username: 'Mario.Rossi@Example.com', password: MARIO.password });
    expect(res.status).toBe(200);
    const body = await answer(res, LoginResponseSchema);
    expect(Object.keys(body.data)).toEqual(['token']);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('refuses a wrong password or an unknown user with 422 on password', async () => {
    for (const body of [{ ...MARIO, password: 'wrong-password' }, { username: 'nobody@example.com', password: 'x' }]) {
      const res = await post('/api/v1/login', body);
      expect(res.status).toBe(422);
      expect(await refusal(res)).toEqual({
        message: 'E-mail o password non corretti',
        errors: { password: ['E-mail o password non corretti'] },
      });
    }
  });

  it('names the field the login form shows, in each language', async () => {
    const expected = { en_GB: 'Wrong email or password', fr_FR: 'E-mail ou mot de passe incorrect' };
    for (const [lang, message] of Object.entries(expected)) {
      const res = await post('/api/v1/login', { ...MARIO, password: 'wrong-password' }, { lang });
      expect(res.status).toBe(422);
      expect(await refusal(res)).toEqual({ message, errors: { password: [message] } });
    }
  });

  it('requires username and password, in Italian by default, English and French on request', async () => {
    const expected = { it: 'Campo obbligatorio', en_GB: 'This field is required', fr_FR: 'Champ obligatoire' };
    for (const [lang, message] of Object.entries(expected)) {
      const res = await post('/api/v1/login', {}, { lang: lang === 'it' ? undefined : lang });
      expect(res.status).toBe(422);
      expect(await refusal(res)).toEqual({ message, errors: { username: [message], password: [message] } });
    }
  });

  it('answers a body that is not JSON with 422, not 500', async () => {
    const res = await api.request('/api/v1/login', { method: 'POST', body: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(422);
    expect(await refusal(res)).toEqual({
      message: 'Il corpo della richiesta non è JSON valido',
      errors: { _: ['Il corpo della richiesta non è JSON valido'] },
    });
  });

  it('rate-limits login attempts per username with 429, other usernames unaffected', async () => {
    const username = 'limited@example.com';
    await signup(api, username, 'Limited-Pass1');
    for (let i = 0; i < 10; i++) expect((await post('/api/v1/login', { username, password: `bad-${i}` })).status).toBe(422);
    const blocked = await post('/api/v1/login', { username, password: 'Limited-Pass1' });
    expect(blocked.status).toBe(429);
    expect((await refusal(blocked)).message).toMatch(/^Troppi tentativi: riprova tra \d+ secondi$/);
    expect((await post('/api/v1/login', MARIO)).status).toBe(200);
    // The window is 15 minutes.
    api.setNow(new Date(Date.now() + 16 * 60_000));
    try {
      expect((await post('/api/v1/login', { username, password: 'Limited-Pass1' })).status).toBe(200);
    } finally {
      api.setNow(new Date());
    }
  });

  it('returns the logged-in user (GET v1/user)', async () => {
    const res = await getUser(await login(api));
    expect(res.status).toBe(200);
    const body = await answer(res, UserResponseSchema);
    // What the storefront's session store parses it with.
    expect(() => UserResponseSchema.parse(body)).not.toThrow();
    const { data } = body;
    expect(data).toMatchObject({
      first_name: 'Mario',
      last_name: 'Rossi',
      username: MARIO.username,
      to_string: 'Mario Rossi',
      fidelity_card_number: 'FID-0001',
      medias: [],
    });
    expect(Object.keys(data).sort()).toEqual(
      ['fidelity_card_number', 'first_name', 'id', 'last_name', 'medias', 'phone', 'scope', 'to_string', 'username'],
    );
  });

  it('answers 401 {message} without a token, with an invalid one and with an expired one', async () => {
    for (const token of [undefined, 'not-a-real-token-but-long-enough-1234567890']) {
      const res = await getUser(token);
      expect(res.status).toBe(401);
      expect(await refusal(res)).toEqual({ message: UNAUTHENTICATED_IT });
    }
    const en = await getUser(undefined, 'en_GB');
    expect(await refusal(en)).toEqual({ message: 'Invalid or expired session: please log in again' });

    const token = await login(api);
    expect((await getUser(token)).status).toBe(200);
    api.setNow(new Date(Date.now() + 31 * 24 * 3600_000));
    try {
      const expired = await getUser(token);
      expect(expired.status).toBe(401);
      expect(await refusal(expired)).toEqual({ message: UNAUTHENTICATED_IT });
    } finally {
      api.setNow(new Date());
    }
  });

  it('updates the profile (PATCH v1/user) and validates it', async () => {
    const token = await signup(api, 'profile@example.com');
    const res = await api.request('/api/v1/user', { method: 'PATCH', token, json: { first_name: 'Annalisa', phone: '+39 320 111 2222' } });
    expect(res.status).toBe(200);
    expect((await answer(res, UserResponseSchema)).data).toMatchObject({
      first_name: 'Annalisa',
      last_name: 'Neri',
      phone: '+39 320 111 2222',
      to_string: 'Annalisa Neri',
    });
    expect((await answer(await getUser(token), UserResponseSchema)).data.first_name).toBe('Annalisa');

    const taken = await api.request('/api/v1/user', { method: 'PATCH', token, json: { fidelity_card_number: 'FID-0001' } });
    expect(taken.status).toBe(422);
    expect((await refusal(taken)).errors).toEqual({ fidelity_card_number: ['Carta fedeltà non trovata'] });
    const empty = await api.request('/api/v1/user', { method: 'PATCH', token, json: { first_name: ' ' }, lang: 'en_GB' });
    expect(empty.status).toBe(422);
    expect((await refusal(empty)).errors).toEqual({ first_name: ['This field is required'] });
    expect((await api.request('/api/v1/user', { method: 'PATCH', json: { first_name: 'X' } })).status).toBe(401);
  });

  it('logs out: the token is refused afterwards', async () => {
    const token = await login(api);
    const res = await post('/api/v1/logout', undefined, { token });
    expect(res.status).toBe(200);
    expect(await answer(res, MessageResponseSchema)).toEqual({ message: 'Disconnessione effettuata' });
    expect((await getUser(token)).status).toBe(401);
    expect((await post('/api/v1/logout', undefined, { token })).status).toBe(401);
  });

  it('signs up (201) with a working token and refuses a duplicate address', async () => {
    const res = await post('/api/v1/signup', {
      first_name: 'Paolo',
      last_name: 'Gialli',
      username: 'Paolo.Gialli@Example.com',
      password: 'Sicura-2026',
      password_confirmation: 'Sicura-2026',
    });
    expect(res.status).toBe(201);
    const { data } = await answer(res, SignupResponseSchema);
    expect(data.user).toMatchObject({ username: 'paolo.gialli@example.com', first_name: 'Paolo', to_string: 'Paolo Gialli', fidelity_card_number: null });
    const me = await getUser(data.token);
    expect(me.status).toBe(200);
    expect((await answer(me, UserResponseSchema)).data.username).toBe('paolo.gialli@example.com');
    expect((await post('/api/v1/login', { username: 'paolo.gialli@example.com', password: 'Sicura-2026' })).status).toBe(200);

    const dup = await post('/api/v1/signup', {
      first_name: 'P', last_name: 'G', username: 'PAOLO.GIALLI@example.com', password: 'Altra-2026!', password_confirmation: 'Altra-2026!',
    });
    expect(dup.status).toBe(422);
    expect((await refusal(dup)).errors).toEqual({ username: ['Esiste già un account con questo indirizzo email'] });
  });

  it("refuses a loyalty card that is someone else's, at signup and at login", async () => {
    const res = await post('/api/v1/signup', {
      first_name: 'A', last_name: 'B', username: 'card.thief@example.com', password: 'Password-1', password_confirmation: 'Password-1', fidelity_card_number: 'FID-0001',
    });
    expect(res.status).toBe(422);
    expect(await refusal(res)).toEqual({ message: 'Carta fedeltà non trovata', errors: { fidelity_card_number: ['Carta fedeltà non trovata'] } });
    expect((await post('/api/v1/login', { username: 'card.thief@example.com', password: 'Password-1' })).status).toBe(422);
    const bocard = await post('/api/v1/login', { ...MARIO, bocard: 'FID-4242' }, { lang: 'en_GB' });
    expect(bocard.status).toBe(422);
    expect((await refusal(bocard)).errors).toEqual({ bocard: ['Loyalty card not found'] });
    expect((await post('/api/v1/login', { ...MARIO, bocard: 'FID-0001' })).status).toBe(200);
  });

  it('validates signup: email, password length, confirmation', async () => {
    const bad = await post('/api/v1/signup', { first_name: 'A', last_name: 'B', username: 'not-an-email', password: 'short', password_confirmation: 'short' });
    expect(bad.status).toBe(422);
    expect((await refusal(bad)).errors).toEqual({
      username: ['Indirizzo email non valido'],
      password: ['Inserisci almeno 8 caratteri'],
    });
    const mismatch = await post(
      '/api/v1/signup',
      { first_name: 'A', last_name: 'B', username: 'a.b@example.com', password: 'Password-1', password_confirmation: 'Password-2' },
      { lang: 'en_GB' },
    );
    expect(mismatch.status).toBe(422);
    expect(await refusal(mismatch)).toEqual({ message: 'The passwords do not match', errors: { password_confirmation: ['The passwords do not match'] } });
  });

  it('stores passwords hashed with scrypt', async () => {
    const rows = await api.deps.database.db.select().from(users).where(eq(users.username, MARIO.username));
    expect(rows[0]!.passwordHash.startsWith('scrypt$')).toBe(true);
    expect(rows[0]!.passwordHash).not.toContain(MARIO.password);
  });

  const resetCodeFor = (username: string) => {
    const mails = api.outbox().map(readMail).filter((m) => m.to === username);
    return /è (\d{6})\./.exec(mails.at(-1)?.text ?? '')?.[1];
  };

  it('emails a 6-digit reset code, with the same answer for an unknown address', async () => {
    const before = api.outbox().length;
    const res = await post('/api/forgot_password', { username: MARIO.username });
    expect(res.status).toBe(200);
    const sent = await answer(res, MessageResponseSchema);
    expect(sent).toEqual({ message: "Se l'indirizzo è registrato riceverai un'email con il codice di verifica" });
    expect(api.outbox()).toHaveLength(before + 1);
    const mail = readMail(api.outbox().at(-1)!);
    expect(mail.to).toBe(MARIO.username);
    expect(mail.subject).toBe('Il tuo codice per reimpostare la password');
    expect(mail.text).toMatch(/Ciao Mario,\n\nil tuo codice per reimpostare la password è \d{6}\./);

    const unknown = await post('/api/forgot_password', { username: 'nessuno@example.com' });
    expect(unknown.status).toBe(200);
    expect(await answer(unknown, MessageResponseSchema)).toEqual(sent);
    expect(api.outbox()).toHaveLength(before + 1);
    const bad = await post('/api/forgot_password', { username: 'nessuno' });
    expect(bad.status).toBe(422);
    expect((await refusal(bad)).errors).toEqual({ username: ['Indirizzo email non valido'] });
  });

  it('checks a reset code (POST reset_password_code)', async () => {
    const code = resetCodeFor(MARIO.username)!;
    expect(code).toMatch(/^\d{6}$/);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post('/api/reset_password_code', { username: MARIO.username, code: wrongCode });
    expect(wrong.status).toBe(422);
    expect(await refusal(wrong)).toEqual({ message: 'Codice non valido o scaduto', errors: { code: ['Codice non valido o scaduto'] } });
    const malformed = await post('/api/reset_password_code', { username: MARIO.username, code: '12ab' });
    expect(malformed.status).toBe(422);
    expect((await refusal(malformed)).errors).toEqual({ code: ['Il codice è formato da 6 cifre'] });
    const right = await post('/api/reset_password_code', { username: MARIO.username, code });
    expect(right.status).toBe(200);
    expect(await answer(right, ResetCodeResponseSchema)).toEqual({ data: { valid: true } });
  });

  it('resets the password: new one works, old one and old sessions do not, the code is single-use', async () => {
    const username = 'reset.me@example.com';
    const oldToken = await signup(api, username, 'Vecchia-Pass1');
    expect((await post('/api/forgot_password', { username })).status).toBe(200);
    const code = resetCodeFor(username)!;
    const res = await post('/api/reset_password', { username, code, password: 'Nuova-Pass22', password_confirmation: 'Nuova-Pass22' });
    expect(res.status).toBe(200);
    const body = await answer(res, ResetPasswordResponseSchema);
    expect(body.message).toBe('Password aggiornata');
    expect((await getUser(body.data.token)).status).toBe(200);
    expect((await getUser(oldToken)).status).toBe(401);
    expect((await post('/api/v1/login', { username, password: 'Vecchia-Pass1' })).status).toBe(422);
    expect((await post('/api/v1/login', { username, password: 'Nuova-Pass22' })).status).toBe(200);
    const again = await post('/api/reset_password', { username, code, password: 'Terza-Pass333', password_confirmation: 'Terza-Pass333' });
    expect(again.status).toBe(422);
    expect((await refusal(again)).errors).toEqual({ code: ['Codice non valido o scaduto'] });
  });

  it('locks a reset code after 5 wrong attempts and rate-limits the reset endpoints per address', async () => {
    // A fresh 15-minute window for the per-address limit (20 calls); codes live 30 minutes.
    api.setNow(new Date(Date.now() + 16 * 60_000));
    try {
      expect((await post('/api/forgot_password', { username: MARIO.username })).status).toBe(200);
      const code = resetCodeFor(MARIO.username)!;
      const wrongCode = code === '999999' ? '888888' : '999999';
      for (let i = 0; i < 5; i++) expect((await post('/api/reset_password_code', { username: MARIO.username, code: wrongCode })).status).toBe(422);
      const locked = await post('/api/reset_password_code', { username: MARIO.username, code });
      expect([locked.status, (await refusal(locked)).errors]).toEqual([422, { code: ['Codice non valido o scaduto'] }]);
      // Other addresses each time: one address gets only 3 codes an hour (password-reset-limits.test.ts).
      for (let i = 7; i < 20; i++) expect((await post('/api/forgot_password', { username: `nessuno${i}@example.com` })).status).toBe(200);
      const limited = await post('/api/forgot_password', { username: 'nessuno20@example.com' }, { lang: 'fr_FR' });
      expect(limited.status).toBe(429);
      expect((await refusal(limited)).message).toMatch(/^Trop de tentatives : réessayez dans \d+ secondes$/);
    } finally {
      api.setNow(new Date());
    }
  });
});
