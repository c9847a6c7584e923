// Signup and password reset (spec §7): signup answers the new session's token with the account it
// opened, the reset only a token (the caller saves it and reads the user). 422s
// carry the field messages as ApiClientError.
import type * as z from 'zod/mini';
import {
  MessageResponseSchema,
  ResetCodeResponseSchema,
  SignupResponseSchema,
  type ResetPasswordRequestSchema,
  type SignupRequest,
  type SignupResponse,
} from './contract/auth';
import { LoginResponseSchema } from './contract/user';
import type { ApiClient } from './client';

export type ResetPasswordValues = z.input<typeof ResetPasswordRequestSchema>;

/** POST v1/signup: the new session's token and the new account. */
export async function signup(api: ApiClient, values: SignupRequest): Promise<SignupResponse['data']> {
  return (await api.post('v1/signup', { json: values, schema: SignupResponseSchema })).data;
}

/** POST forgot_password: a code is e-mailed (the same answer whether or not the account exists). */
export async function forgotPassword(api: ApiClient, username: string): Promise<string> {
  return (await api.post('forgot_password', { json: { username }, schema: MessageResponseSchema })).message;
}

/** POST reset_password_code: answers when the code is right; a wrong one is a 422 on `code`. */
export async function checkResetCode(api: ApiClient, values: { username: string; code: string }): Promise<void> {
  await api.post('reset_password_code', { json: values, schema: ResetCodeResponseSchema });
}

/** POST reset_password: the code and the new password; answers a fresh token. */
export async function resetPassword(api: ApiClient, values: ResetPasswordValues): Promise<string> {
  return (await api.post('reset_password', { json: values, schema: LoginResponseSchema })).data.token;
}
