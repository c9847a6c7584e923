// Signup and password reset (issue #18: requests and orchestration out of the islands): each ends
// logged in — the token saved, the user known — as the login does (session.ts). Signup's answer
// carries the new account, so it is not read again; the reset answers a token only. A 422 is
// rethrown for the form to put the messages under its fields (api/errors.ts fieldMessages).
import { forgotPassword, resetPassword as postResetPassword, signup, type ResetPasswordValues } from '../../../../api/account';
import type { SignupRequest } from '../../../../api/contract/auth';
import type { User } from '../../../../api/contract/user';
import { $user, fetchUser, saveToken } from '../../../../stores/session';

async function logIn(token: string): Promise<User | null> {
  saveToken(token);
  return fetchUser();
}

/** Creates the account and logs in with it. */
export async function signUp(values: SignupRequest): Promise<User> {
  const { token, user } = await signup(values);
  saveToken(token);
  $user.set(user);
  return user;
}

/** The first step of a reset: a code is e-mailed to `username` (if it is a customer's). */
export async function sendResetCode(username: string): Promise<void> {
  await forgotPassword(username);
}

/** The second step: the code and the new password; logs in with the new session. */
export async function resetPassword(values: ResetPasswordValues): Promise<User | null> {
  return logIn(await postResetPassword(values));
}
