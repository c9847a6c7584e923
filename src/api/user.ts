// The customer's login and account (spec §7): POST v1/login answers the session's token, GET v1/user
// the user it belongs to (the session store saves the one and keeps the other).
import type * as z from 'zod/mini';
import type { LoginRequestSchema } from './contract/auth';
import { LoginResponseSchema, UserResponseSchema, type User } from './contract/user';
import type { ApiClient } from './client';

export type LoginValues = z.input<typeof LoginRequestSchema>;

/** POST v1/login: the new session's token (a 422 carries the form's field messages). */
export async function logIn(api: ApiClient, values: LoginValues): Promise<string> {
  return (await api.post('v1/login', { json: values, schema: LoginResponseSchema })).data.token;
}

/** GET v1/user with the session's token. */
export async function fetchUser(api: ApiClient): Promise<User> {
  return (await api.get('v1/user', { schema: UserResponseSchema })).data;
}
