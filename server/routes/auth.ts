// Accounts: login/logout, profile, signup, password reset by emailed code (spec §7).
import { Hono } from 'hono';
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  ResetCodeRequestSchema,
  ResetPasswordRequestSchema,
  SignupRequestSchema,
  UserUpdateRequestSchema,
  type MessageResponseSchema,
  type ResetCodeResponseSchema,
  type ResetPasswordResponseSchema,
  type SignupResponseSchema,
} from '~/api/contract/auth';
import type { LoginResponseSchema, UserResponseSchema, UserSchema } from '~/api/contract/user';
import type { z } from 'zod';
import { fidelityCards, medias, tokens, users } from '../db/schema/index';
import { ApiError, fieldError } from '../http/errors';
import { clientIp, requireUser, type AppContext, type AppEnv, type AuthUser } from '../http/context';
import { jsonBody } from '../http/validation';
import { dummyHash, hashPassword, needsRehash, rehashPassword, verifyPassword } from '../auth/passwords';
import { consumeResetCode, guessResetCode, issueResetCode } from '../auth/reset-codes';
import { issueToken, revokeToken } from '../auth/tokens';
import { claimFidelityCard, limitCardLookup, releaseOtherFidelityCards } from '../fidelity/cards';
import { normalizeFidelityCardNumber } from '~/domain/fidelity';
import type { Db } from '../db/client';

const LOGIN_PER_USERNAME = { limit: 10, windowMs: 15 * 60_000 };
const LOGIN_PER_IP = { limit: 50, windowMs: 15 * 60_000 };
const RESET_PER_IP = { limit: 20, windowMs: 15 * 60_000 };

/** The user as the storefront sees it (spec §3 User). */
export async function presentUser(c: AppContext, user: AuthUser): Promise<z.input<typeof UserSchema>> {
  const docs = await c
    .get('deps')
    .database.db.select({ id: medias.id, name: medias.originalName })
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
    // The file's name too: the account page tells the documents apart by it.
    medias: docs.map((m) => ({ id: m.id, url: `/api/v1/media/${m.id}`, name: m.name })),
    fidelity_card_number: user.fidelityCardNumber,
    scope: user.scope,
  };
}

async function findUser(c: AppContext, username: string) {
  const [user] = await c.get('deps').database.db.select().from(users).where(eq(users.username, username.toLowerCase()));
  return user ?? null;
}

export const authRoutes = new Hono<AppEnv>()
  .post('/v1/login', async (c) => {
    const { limiter, database, passwordHashing } = c.get('deps');
    const body = await jsonBody(c, LoginRequestSchema);
    const username = body.username.toLowerCase();
    await limiter.hit(`login:ip:${clientIp(c)}`, LOGIN_PER_IP);
    await limiter.hit(`login:user:${username}`, LOGIN_PER_USERNAME);
    const user = await findUser(c, username);
    // Always run scrypt, so a missing account takes as long as a wrong password.
    const ok = await verifyPassword(body.password, user?.passwordHash ?? (await dummyHash(passwordHashing)));
    if (!user || !ok) throw fieldError('password', 'api.invalidCredentials');
    if (needsRehash(user.passwordHash, passwordHashing)) {
      // Made under older scrypt parameters: the password is at hand only now. Conditional, so a
      // password changed meanwhile (a reset) is not overwritten. Skipped, till the next login, when
      // the hashing queue is full.
      const rehashed = await rehashPassword(body.password, passwordHashing);
      if (rehashed) {
        await database.db
          .update(users)
          .set({ passwordHash: rehashed })
          .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
      }
    }
    await limiter.reset(`login:user:${username}`);
    if (body.bocard && body.bocard !== user.fidelityCardNumber) {
      const bocard = body.bocard;
      // Claimed by one conditional UPDATE: a card held by another account is refused.
      await database.db.transaction(async (tx) => {
        const number = await claimFidelityCard(tx as unknown as Db, bocard, user.id);
        if (!number) throw fieldError('bocard', 'api.fidelityCardNotFound');
        await tx.update(users).set({ fidelityCardNumber: number }).where(eq(users.id, user.id));
      });
    }
    const token = await issueToken(database.db, { userId: user.id }, c.get('deps').now());
    const answer: z.input<typeof LoginResponseSchema> = { data: { token } };
    return c.json(answer);
  })
  .post('/v1/logout', async (c) => {
    const auth = c.get('auth');
    if (!auth) throw new ApiError(401, 'api.unauthenticated');
    await revokeToken(c.get('deps').database.db, auth.token);
    const answer: z.input<typeof MessageResponseSchema> = { message: c.get('t')('api.loggedOut') };
    return c.json(answer);
  })
  .get('/v1/user', async (c) => {
    const answer: z.input<typeof UserResponseSchema> = { data: await presentUser(c, requireUser(c)) };
    return c.json(answer);
  })
  .patch('/v1/user', async (c) => {
    const user = requireUser(c);
    const body = await jsonBody(c, UserUpdateRequestSchema);
    const { db } = c.get('deps').database;
    // A card number tried here is a lookup like any other: the same per-address limit.
    if (body.fidelity_card_number) await limitCardLookup(c);
    const updated = await db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      let card = body.fidelity_card_number === undefined ? user.fidelityCardNumber : body.fidelity_card_number;
      if (body.fidelity_card_number) {
        // Claimed by one conditional UPDATE: of two accounts, one gets a free card.
        card = await claimFidelityCard(tx, body.fidelity_card_number, user.id);
        if (!card) throw fieldError('fidelity_card_number', 'api.fidelityCardNotFound');
      }
      if (body.fidelity_card_number !== undefined) await releaseOtherFidelityCards(tx, user.id, card);
      const [row] = await tx
        .update(users)
        .set({
          firstName: body.first_name ?? user.firstName,
          lastName: body.last_name ?? user.lastName,
          phone: body.phone ?? user.phone,
          fidelityCardNumber: card,
        })
        .where(eq(users.id, user.id))
        .returning();
      return row;
    });
    return c.json({ data: await presentUser(c, updated!) });
  })
  .post('/v1/signup', async (c) => {
    const { limiter, database, now, passwordHashing } = c.get('deps');
    await limiter.hit(`signup:ip:${clientIp(c)}`, RESET_PER_IP);
    const body = await jsonBody(c, SignupRequestSchema);
    const username = body.username.toLowerCase();
    if (await findUser(c, username)) throw fieldError('username', 'api.usernameTaken');
    // As in PATCH v1/user: only an existing card that nobody holds yet can be claimed.
    if (body.fidelity_card_number) {
      await limitCardLookup(c);
      const [card] = await database.db
        .select()
        .from(fidelityCards)
        .where(eq(fidelityCards.number, normalizeFidelityCardNumber(body.fidelity_card_number)));
      if (!card || card.userId !== null) throw fieldError('fidelity_card_number', 'api.fidelityCardNotFound');
    }
    const passwordHash = await hashPassword(body.password, passwordHashing);
    const user = await database.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const [created] = await tx
        .insert(users)
        .values({
          username,
          passwordHash,
          firstName: body.first_name,
          lastName: body.last_name,
          phone: body.phone ?? null,
          fidelityCardNumber: null,
        })
        .onConflictDoNothing()
        .returning();
      // Lost a race with a parallel signup for the same address.
      if (!created) throw fieldError('username', 'api.usernameTaken');
      if (!body.fidelity_card_number) return created;
      // The check above was a read: the claim itself is one conditional UPDATE, and
      // losing it to a parallel claim rolls the new account back.
      const number = await claimFidelityCard(tx, body.fidelity_card_number, created.id);
      if (!number) throw fieldError('fidelity_card_number', 'api.fidelityCardNotFound');
      const [withCard] = await tx.update(users).set({ fidelityCardNumber: number }).where(eq(users.id, created.id)).returning();
      return withCard!;
    });
    const token = await issueToken(database.db, { userId: user.id }, now());
    const answer: z.input<typeof SignupResponseSchema> = { data: { token, user: await presentUser(c, user) } };
    return c.json(answer, 201);
  })
  .post('/forgot_password', async (c) => {
    await c.get('deps').limiter.hit(`reset:ip:${clientIp(c)}`, RESET_PER_IP);
    const body = await jsonBody(c, ForgotPasswordRequestSchema);
    // Same answer whether or not the account exists: the form must not reveal who is a customer.
    await issueResetCode(c, body.username);
    const answer: z.input<typeof MessageResponseSchema> = { message: c.get('t')('api.resetCodeSent') };
    return c.json(answer);
  })
  .post('/reset_password_code', async (c) => {
    await c.get('deps').limiter.hit(`reset:ip:${clientIp(c)}`, RESET_PER_IP);
    const body = await jsonBody(c, ResetCodeRequestSchema);
    await guessResetCode(c, body.username, body.code);
    const answer: z.input<typeof ResetCodeResponseSchema> = { data: { valid: true } };
    return c.json(answer);
  })
  .post('/reset_password', async (c) => {
    const { limiter, database, now, passwordHashing } = c.get('deps');
    await limiter.hit(`reset:ip:${clientIp(c)}`, RESET_PER_IP);
    const body = await jsonBody(c, ResetPasswordRequestSchema);
    const { user, codeId } = await guessResetCode(c, body.username, body.code);
    const passwordHash = await hashPassword(body.password, passwordHashing);
    await database.db.transaction(async (tx) => {
      // Used once: of two resets racing with the right code, the second finds it used.
      if (!(await consumeResetCode(tx, codeId, now()))) throw fieldError('code', 'api.resetCodeInvalid');
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      // A new password ends every existing session.
      await tx.delete(tokens).where(eq(tokens.userId, user.id));
    });
    const token = await issueToken(database.db, { userId: user.id }, now());
    const answer: z.input<typeof ResetPasswordResponseSchema> = { data: { token }, message: c.get('t')('api.passwordReset') };
    return c.json(answer);
  });
