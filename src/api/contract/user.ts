// User and session shapes (spec §3 "User", §7 login response, §8 validation errors).
// Login/signup request bodies live in auth.ts.
import * as z from 'zod/mini';

/** A stored document; `name` is the uploaded file's name (the account page shows it). */
export const UserMediaSchema = z.object({ id: z.number(), url: z.string(), name: z.optional(z.string()) });
export type UserMedia = z.infer<typeof UserMediaSchema>;

export const UserSchema = z.object({
  id: z.optional(z.number()),
  first_name: z.optional(z.nullable(z.string())),
  /** Not in the spec's User, but answered by the API: the checkout pre-fills them. */
  last_name: z.optional(z.nullable(z.string())),
  phone: z.optional(z.nullable(z.string())),
  username: z.string(),
  to_string: z.optional(z.nullable(z.string())),
  medias: z._default(z.array(UserMediaSchema), []),
  fidelity_card_number: z.optional(z.nullable(z.string())),
  scope: z.optional(z.nullable(z.union([z.string(), z.array(z.string())]))),
});
export type User = z.infer<typeof UserSchema>;

export const LoginResponseSchema = z.object({ data: z.object({ token: z.string() }) });
/**
 * 200 to GET v1/user (and the profile's changes): here, not beside the login and signup forms in
 * auth.ts, so the app bar's read of the user on every page does not carry the forms' rules.
 */
export const UserResponseSchema = z.object({ data: UserSchema });

/** HTTP 422 body: field name to messages. */
export const ValidationErrorsSchema = z.object({
  message: z.optional(z.string()),
  errors: z.record(z.string(), z.array(z.string())),
});
