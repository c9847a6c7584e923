// Password-reset codes (spec §7: forgot_password, reset_password_code, reset_password), hardened
// against guessing. A 6-digit code is one in a million, so what keeps it safe is how
// many guesses anyone gets:
// - per address (the routes' RESET_PER_IP), and per account whatever the address, so rotating
//   addresses does not help: RESET_CODES_PER_ACCOUNT codes an hour, RESET_WRONG_GUESSES_PER_ACCOUNT
//   wrong guesses a day (then the account holder is told by e-mail);
// - per code, counted in SQL (one conditional UPDATE), so concurrent guesses cannot pass the limit;
// - a code is consumed by a conditional UPDATE too, so two racing resets cannot both use it.
// The per-account limits are keyed by the address typed, not the account row, so an unknown
// address behaves exactly like a known one (the form must not reveal who is a customer).
import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sha256Hex } from './sha256';
import { resetCodes, users } from '../db/schema/index';
import { fieldError } from '../http/errors';
import type { AppContext } from '../http/context';
import type { RateLimitRule } from '../http/rate-limit';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const RESET_CODE_TTL_MS = 30 * MINUTE_MS;
/** Guesses one code allows (the right one included) before it is dead. */
export const RESET_CODE_MAX_ATTEMPTS = 5;
const RESET_CODE_DIGITS = 6;
/** A customer who lost a mail asks again once or twice; more than 3 an hour is someone else. */
export const RESET_CODES_PER_ACCOUNT: RateLimitRule = { limit: 3, windowMs: HOUR_MS };
/** Wrong guesses per account a day, across all its codes and addresses: a typo or two, not a search. */
export const RESET_WRONG_GUESSES_PER_ACCOUNT: RateLimitRule = { limit: 10, windowMs: DAY_MS };

const issuedKey = (username: string) => `reset:issued:${username}`;
const guessesKey = (username: string) => `reset:wrong:${username}`;

type UserRow = typeof users.$inferSelect;

async function findUser(c: AppContext, username: string): Promise<UserRow | null> {
  const [user] = await c.get('deps').database.db.select().from(users).where(eq(users.username, username));
  return user ?? null;
}

/** forgot_password: a new code for the account (if there is one), limited per account. */
export async function issueResetCode(c: AppContext, rawUsername: string): Promise<void> {
  const { limiter, database, mailer, now } = c.get('deps');
  const username = rawUsername.toLowerCase();
  await limiter.hit(issuedKey(username), RESET_CODES_PER_ACCOUNT);
  const user = await findUser(c, username);
  if (!user) return;
  const code = String(randomInt(0, 10 ** RESET_CODE_DIGITS)).padStart(RESET_CODE_DIGITS, '0');
  await database.db.insert(resetCodes).values({
    userId: user.id,
    codeHash: sha256Hex(code),
    expiresAt: new Date(now().getTime() + RESET_CODE_TTL_MS),
  });
  const t = c.get('t');
  await mailer.send({
    to: user.username,
    subject: t('mail.resetSubject'),
    text: t('mail.resetBody', { name: user.firstName, code, minutes: RESET_CODE_TTL_MS / MINUTE_MS }),
  });
}

export interface CheckedCode {
  user: UserRow;
  codeId: number;
}

/**
 * One guess at the account's newest unused code. The attempt is counted before the comparison, in
 * the same statement that checks the limit (`attempts < MAX`), so N parallel guesses make at most
 * MAX comparisons. A wrong guess also counts against the account's daily allowance.
 */
export async function guessResetCode(c: AppContext, rawUsername: string, code: string): Promise<CheckedCode> {
  const { limiter, database, now } = c.get('deps');
  const username = rawUsername.toLowerCase();
  await limiter.check(guessesKey(username), RESET_WRONG_GUESSES_PER_ACCOUNT);
  const user = await findUser(c, username);
  const [row] = user
    ? await database.db
        .update(resetCodes)
        .set({ attempts: sql`${resetCodes.attempts} + 1` })
        .where(
          and(
            eq(
              resetCodes.id,
              sql`(SELECT max(${resetCodes.id}) FROM ${resetCodes} WHERE ${resetCodes.userId} = ${user.id} AND ${resetCodes.usedAt} IS NULL)`,
            ),
            isNull(resetCodes.usedAt),
            lt(resetCodes.attempts, RESET_CODE_MAX_ATTEMPTS),
            gt(resetCodes.expiresAt, now()),
          ),
        )
        .returning({ id: resetCodes.id, codeHash: resetCodes.codeHash })
    : [];
  if (user && row && timingSafeEqual(Buffer.from(row.codeHash), Buffer.from(sha256Hex(code)))) {
    return { user, codeId: row.id };
  }
  await wrongGuess(c, username, user);
  throw fieldError('code', 'api.resetCodeInvalid');
}

async function wrongGuess(c: AppContext, username: string, user: UserRow | null): Promise<void> {
  const { limiter, mailer } = c.get('deps');
  await limiter.hit(guessesKey(username), RESET_WRONG_GUESSES_PER_ACCOUNT);
  try {
    // `hit` let this guess through and `check` now refuses: this guess used the last one, so the
    // holder is told once, however many guesses race.
    await limiter.check(guessesKey(username), RESET_WRONG_GUESSES_PER_ACCOUNT);
  } catch {
    if (!user) return;
    const t = c.get('t');
    await mailer.send({
      to: user.username,
      subject: t('mail.resetLockedSubject'),
      text: t('mail.resetLockedBody', {
        name: user.firstName,
        attempts: RESET_WRONG_GUESSES_PER_ACCOUNT.limit,
        hours: RESET_WRONG_GUESSES_PER_ACCOUNT.windowMs / HOUR_MS,
      }),
    });
  }
}

/**
 * Marks the code used, inside the reset's transaction; `false` when another request used it first
 * (the caller then refuses and the transaction rolls back).
 */
export async function consumeResetCode(tx: Db, codeId: number, at: Date): Promise<boolean> {
  const used = await tx
    .update(resetCodes)
    .set({ usedAt: at })
    .where(and(eq(resetCodes.id, codeId), isNull(resetCodes.usedAt)))
    .returning({ id: resetCodes.id });
  return used.length === 1;
}
