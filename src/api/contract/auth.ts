// Accounts: login, signup, password reset and the user profile (spec §7). Responses use the
// `{ data: … }` envelope of the whole API; errors are `{ message }` or, for 422, `{ message, errors }`.
import * as z from 'zod/mini';
import { UserSchema } from './user';
import { email, noControlCharacters, optionalString, password, requiredString } from './fields';
import { PHONE_PATTERN } from '~/domain/validators';

export const LoginRequestSchema = z.object({
  username: requiredString(),
  password: z
    .string({ error: 'validators.required' })
    .check(noControlCharacters(), z.minLength(1, 'validators.required'), z.maxLength(200, 'validators.maxLength')),
  /** Optional loyalty card number typed in the login dialog. */
  bocard: optionalString(64),
});

export const SignupRequestSchema = z
  .object({
    first_name: requiredString(100),
    last_name: requiredString(100),
    username: email(),
    password: password(),
    password_confirmation: z.string({ error: 'validators.required' }).check(noControlCharacters()),
    phone: optionalString(40),
    fidelity_card_number: optionalString(64),
  })
  .check(
    z.refine((v) => v.password === v.password_confirmation, {
      path: ['password_confirmation'],
      message: 'validators.passwordMismatch',
    }),
  );
export type SignupRequest = z.input<typeof SignupRequestSchema>;

/** 201 to a signup: the new session's token and the account it opened, so no second read is needed. */
export const SignupResponseSchema = z.object({ data: z.object({ token: z.string(), user: UserSchema }) });
export type SignupResponse = z.output<typeof SignupResponseSchema>;

// 200 to POST reset_password_code: in a module of its own, so only the reset page's scripts carry
// it (this module is in the chunk every storefront page loads for the login).
export { ResetCodeResponseSchema } from './auth-reset';
/** 200 to POST reset_password: a fresh session's token and the translated confirmation. */
export const ResetPasswordResponseSchema = z.object({ data: z.object({ token: z.string() }), message: z.string() });

export const ForgotPasswordRequestSchema = z.object({ username: email() });

export const ResetCodeRequestSchema = z.object({
  username: email(),
  code: z.string({ error: 'validators.required' }).check(z.trim(), z.regex(/^\d{6}$/, 'validators.resetCode')),
});

export const ResetPasswordRequestSchema = z
  .extend(ResetCodeRequestSchema, {
    password: password(),
    password_confirmation: z.string({ error: 'validators.required' }).check(noControlCharacters()),
  })
  .check(
    z.refine((v) => v.password === v.password_confirmation, {
      path: ['password_confirmation'],
      message: 'validators.passwordMismatch',
    }),
  );

export const UserUpdateRequestSchema = z.object({
  first_name: z.optional(requiredString(100)),
  last_name: z.optional(requiredString(100)),
  // The order form's rule: the profile's phone pre-fills the checkout, which needs it.
  phone: z.pipe(optionalString(40), z.optional(z.string().check(z.regex(PHONE_PATTERN, 'validators.phone')))),
  fidelity_card_number: z.nullable(optionalString(64)),
});

/** A translated message alone: the answer to POST v1/logout and forgot_password, and the body of a refusal. */
export const MessageResponseSchema = z.object({ message: z.string() });
