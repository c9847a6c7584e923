// Signup and password reset, kept out of the islands (they render and dispatch): each ends
// logged in — the token saved, the user known — as the login does (session.ts). A reset goes
// e-mail → code (checked on its own) → new password. Signup's answer
// carries the new account, so it is not read again; the reset answers a token only. A 422 is
// rethrown for the form to put the messages under its fields (api/errors.ts fieldMessages).
import { checkResetCode as postResetCode, forgotPassword, resetPassword as postResetPassword, signup, type ResetPasswordValues } from '~/api/account';
import { fieldMessages } from '~/api/errors';
import type { SignupRequest } from '~/api/contract/auth';
import type { User } from '~/api/contract/user';
import { fetchUser } from '~/stores/current-user';
import { $user, saveToken } from '~/stores/session';
import { api } from '~/stores/api';

async function logIn(token: string): Promise<User | null> {
  saveToken(token);
  return fetchUser();
}

/** Creates the account and logs in with it. */
export async function signUp(values: SignupRequest): Promise<User> {
  const { token, user } = await signup(api, values);
  saveToken(token);
  $user.set(user);
  return user;
}

/** The first step of a reset: a code is e-mailed to `username` (if it is a customer's). */
export async function sendResetCode(username: string): Promise<void> {
  await forgotPassword(api, username);
}

/** What the API said of a reset code: right, or its 422 messages by field (the code's, under `code`). */
type ResetCodeOutcome = { kind: 'valid' } | { kind: 'refused'; errors: [string, string][] };

/**
 * The second step (spec §7 POST reset_password_code): the code is checked before the new password
 * is asked, so a wrong one is said under the code field. Failures other than a 422 are rethrown
 * (the client announced them already).
 */
export async function checkResetCode(username: string, code: string): Promise<ResetCodeOutcome> {
  try {
    await postResetCode(api, { username, code });
    return { kind: 'valid' };
  } catch (err) {
    const errors = fieldMessages(err);
    if (!errors) throw err;
    return { kind: 'refused', errors };
  }
}

/** The last step: the code and the new password; logs in with the new session. */
export async function resetPassword(values: ResetPasswordValues): Promise<User | null> {
  return logIn(await postResetPassword(api, values));
}
