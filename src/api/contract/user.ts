// User and session shapes (spec §3 "User", §7 login response, §8 validation errors).
// Login/signup request bodies live in auth.ts.
import { z } from 'zod';

/** A stored document; `name` is the uploaded file's name (the account page shows it). */
export const UserMediaSchema = z.object({ id: z.number(), url: z.string(), name: z.string().optional() });
export type UserMedia = z.infer<typeof UserMediaSchema>;

export const UserSchema = z.object({
  id: z.number().optional(),
  first_name: z.string().nullable().optional(),
  /** Not in the spec's User, but answered by the API: the checkout pre-fills them. */
  last_name: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  username: z.string(),
  to_string: z.string().nullable().optional(),
  medias: z.array(UserMediaSchema).default([]),
  fidelity_card_number: z.string().nullable().optional(),
  scope: z.union([z.string(), z.array(z.string())]).nullable().optional(),
});
export type User = z.infer<typeof UserSchema>;

export const LoginResponseSchema = z.object({ data: z.object({ token: z.string() }) });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** HTTP 422 body: field name to messages. */
export const ValidationErrorsSchema = z.object({
  message: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrors = z.infer<typeof ValidationErrorsSchema>;
