// Accounts: login/logout, profile, signup, password reset by emailed code (spec §7).
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  ResetCodeRequestSchema,
  ResetPasswordRequestSchema,
  SignupRequestSchema,
  UserUpdateRequestSchema,
} from '../../src/api/contract/auth';
import { fidelityCards, medias, resetCodes, tokens, users } from '../db/schema/index';
import { ApiError, fieldError } from '../http/errors';
import { clientIp, requireUser, type AppContext, type AppEnv, type AuthUser } from '../http/context';
import { jsonBody } from '../http/validation';
import { dummyHash, hashPassword, verifyPassword } from '../auth/passwords';
import { issueToken, revokeToken } from '../auth/tokens';

const LOGIN_PER_USERNAME = { limit: 10, windowMs: 15 * 60_000 };
const LOGIN_PER_IP = { limit: 50, windowMs: 15 * 60_000 };
const RESET_PER_IP = { limit: 20, windowMs: 15 * 60_000 };
const RESET_CODE_TTL_MS = 30 * 60_000;
const RESET_CODE_MAX_ATTEMPTS = 5;

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** The user as the storefront sees it (spec §3 User). */
export async function presentUser(c: AppContext, user: AuthUser) {
  const docs = await c
    .get('deps')
    .database.db.select({ id: medias.id })
    .from(medias)
    .where(and(eq(medias.userId, user.id), isNull(medias.deletedAt)))
    .orderBy(desc(medias.id));
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    username: user.username,
    to_string: `${user.firstName} ${user.lastName}`,
    phone: user.phone,
    medias: docs.map((m) => ({ id: m.id, url: `/api/v1/media/${m.id}` })),
    fidelity_card_number: user.fidelityCardNumber,
    scope: user.scope,
  };
}

async function findUser(c: AppContext, username: string) {
  const [user] = await c.get('deps').database.db.select().from(users).where(eq(users.username, username.toLowerCase()));
  return user ?? null;
}

/** The newest unused, unexpired reset code of a user that matches; counts failed attempts. */
async function checkResetCode(c: AppContext, username: string, code: string) {
  const { db } = c.get('deps').database;
  const user = await findUser(c, username);
  const [row] = user
    ? await db
        .select()
        .from(resetCodes)
        .where(and(eq(resetCodes.userId, user.id), isNull(resetCodes.usedAt)))
        .orderBy(desc(resetCodes.id))
        .limit(1)
    : [];
  const valid =
    !!row &&
    row.expiresAt > c.get('deps').now() &&
    row.attempts < RESET_CODE_MAX_ATTEMPTS &&
    timingSafeEqual(Buffer.from(row.codeHash), Buffer.from(hashCode(code)));
  if (!valid) {
    if (row) await db.update(resetCodes).set({ attempts: row.attempts + 1 }).where(eq(resetCodes.id, row.id));
    throw fieldError('code', 'api.resetCodeInvalid');
  }
  return { user: user!, row: row! };
}

export const authRoutes = new Hono<AppEnv>()
  .post('/v1/login', async (c) => {
    const { limiter, database } = c.get('deps');
    const body = await jsonBody(c, LoginRequestSchema);
    const username = body.username.toLowerCase();
    await limiter.hit(`login:ip:${clientIp(c)}`, LOGIN_PER_IP);
    await limiter.hit(`login:user:${username}`, LOGIN_PER_USERNAME);
    const user = await findUser(c, username);
    // Always run scrypt, so a missing account takes as long as a wrong password.
    const ok = await verifyPassword(body.password, user?.passwordHash ?? dummyHash);
    if (!user || !ok) throw fieldError('password', 'api.invalidCredentials');
    await limiter.reset(`login:user:${username}`);
    if (body.bocard && body.bocard !== user.fidelityCardNumber) {
      const [card] = await database.db.select().from(fidelityCards).where(eq(fidelityCards.number, body.bocard));
      if (!card || (card.userId !== null && card.userId !== user.id)) throw fieldError('bocard', 'api.fidelityCardNotFound');
      await database.db.update(users).set({ fidelityCardNumber: card.number }).where(eq(users.id, user.id));
    }
    const token = await issueToken(database.db, { userId: user.id }, c.get('deps').now());
    return c.json({ data: { token } });
  })
  .post('/v1/logout', async (c) => {
    const auth = c.get('auth');
    if (!auth) throw new ApiError(401, 'api.unauthenticated');
    await revokeToken(c.get('deps').database.db, auth.token);
    return c.json({ message: c.get('t')('api.loggedOut') });
  })
  .get('/v1/user', async (c) => c.json({ data: await presentUser(c, requireUser(c)) }))
  .patch('/v1/user', async (c) => {
    const user = requireUser(c);
    const body = await jsonBody(c, UserUpdateRequestSchema);
    const { db } = c.get('deps').database;
    if (body.fidelity_card_number) {
      const [card] = await db.select().from(fidelityCards).where(eq(fidelityCards.number, body.fidelity_card_number));
      if (!card || (card.userId !== null && card.userId !== user.id)) {
        throw fieldError('fidelity_card_number', 'api.fidelityCardNotFound');
      }
    }
    const [updated] = await db
      .update(users)
      .set({
        firstName: body.first_name ?? user.firstName,
        lastName: body.last_name ?? user.lastName,
        phone: body.phone ?? user.phone,
        fidelityCardNumber:
          body.fidelity_card_number === undefined ? user.fidelityCardNumber : body.fidelity_card_number,
      })
      .where(eq(users.id, user.id))
      .returning();
    return c.json({ data: await presentUser(c, updated!) });
  })
  .post('/v1/signup', async (c) => {
    const { limiter, database, now } = c.get('deps');
    await limiter.hit(`signup:ip:${clientIp(c)}`, RESET_PER_IP);
    const body = await jsonBody(c, SignupRequestSchema);
    const username = body.username.toLowerCase();
    if (await findUser(c, username)) throw fieldError('username', 'api.usernameTaken');
    // As in PATCH v1/user: only an existing card that nobody holds yet can be claimed.
    if (body.fidelity_card_number) {
      const [card] = await database.db.select().from(fidelityCards).where(eq(fidelityCards.number, body.fidelity_card_number));
      if (!card || card.userId !== null) throw fieldError('fidelity_card_number', 'api.fidelityCardNotFound');
    }
    const passwordHash = await hashPassword(body.password);
    const [user] = await database.db
      .insert(users)
      .values({
        username,
        passwordHash,
        firstName: body.first_name,
        lastName: body.last_name,
        phone: body.phone ?? null,
        fidelityCardNumber: body.fidelity_card_number ?? null,
      })
      .onConflictDoNothing()
      .returning();
    // Lost a race with a parallel signup for the same address.
    if (!user) throw fieldError('username', 'api.usernameTaken');
    const token = await issueToken(database.db, { userId: user.id }, now());
    return c.json({ data: { token, user: await presentUser(c, user) } }, 201);
  })
  .post('/forgot_password', async (c) => {
    const { limiter, database, mailer, now } = c.get('deps');
    await limiter.hit(`reset:ip:${clientIp(c)}`, RESET_PER_IP);
    const body = await jsonBody(c, ForgotPasswordRequestSchema);
    const t = c.get('t');
    const user = await findUser(c, body.username);
    // Same answer whether or not the account exists: the form must not reveal who is a customer.
    if (user) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await database.db.insert(resetCodes).values({
        userId: user.id,
        codeHash: hashCode(code),
        expiresAt: new Date(now().getTime() + RESET_CODE_TTL_MS),
      });
      await mailer.send({
        to: user.username,
        subject: t('mail.resetSubject'),
        text: t('mail.resetBody', { name: user.firstName, code, minutes: RESET_CODE_TTL_MS / 60_000 }),
      });
    }
    return c.json({ message: t('api.resetCodeSent') });
  })
  .post('/reset_password_code', async (c) => {
    await c.get('deps').limiter.hit(`reset:ip:${clientIp(c)}`, RESET_PER_IP);
    const body = await jsonBody(c, ResetCodeRequestSchema);
    await checkResetCode(c, body.username, body.code);
    return c.json({ data: { valid: true } });
  })
  .post('/reset_password', async (c) => {
    const { limiter, database, now } = c.get('deps');
    await limiter.hit(`reset:ip:${clientIp(c)}`, RESET_PER_IP);
    const body = await jsonBody(c, ResetPasswordRequestSchema);
    const { user, row } = await checkResetCode(c, body.username, body.code);
    const passwordHash = await hashPassword(body.password);
    await database.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await tx.update(resetCodes).set({ usedAt: now() }).where(eq(resetCodes.id, row.id));
      // A new password ends every existing session.
      await tx.delete(tokens).where(eq(tokens.userId, user.id));
    });
    const token = await issueToken(database.db, { userId: user.id }, now());
    return c.json({ data: { token }, message: c.get('t')('api.passwordReset') });
  });
