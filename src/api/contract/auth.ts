// Accounts: login, signup, password reset and the user profile (spec §7). Responses use the
// `{ data: … }` envelope of the whole API; errors are `{ message }` or, for 422, `{ message, errors }`.
import { z } from 'zod';
import { UserSchema } from './user';
import { email, optionalString, password, requiredString } from './fields';
import { PHONE_PATTERN } from '../../domain/validators';

export const LoginRequestSchema = z.object({
  username: requiredString(),
  password: z.string({ error: 'validators.required' }).min(1, 'validators.required').max(200, 'validators.maxLength'),
  /** Optional loyalty card number typed in the login dialog. */
  bocard: optionalString(64),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const SignupRequestSchema = z
  .object({
    first_name: requiredString(100),
    last_name: requiredString(100),
    username: email(),
    password: password(),
    password_confirmation: z.string({ error: 'validators.required' }),
    phone: optionalString(40),
    fidelity_card_number: optionalString(64),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'validators.passwordMismatch',
  });
export type SignupRequest = z.input<typeof SignupRequestSchema>;

export const ForgotPasswordRequestSchema = z.object({ username: email() });

export const ResetCodeRequestSchema = z.object({
  username: email(),
  code: z.string({ error: 'validators.required' }).trim().regex(/^\d{6}$/, 'validators.resetCode'),
});

export const ResetPasswordRequestSchema = ResetCodeRequestSchema.extend({
  password: password(),
  password_confirmation: z.string({ error: 'validators.required' }),
}).refine((v) => v.password === v.password_confirmation, {
  path: ['password_confirmation'],
  message: 'validators.passwordMismatch',
});

export const UserUpdateRequestSchema = z.object({
  first_name: requiredString(100).optional(),
  last_name: requiredString(100).optional(),
  // The order form's rule (issue #17): the profile's phone pre-fills the checkout, which needs it.
  phone: optionalString(40).pipe(z.string().regex(PHONE_PATTERN, 'validators.phone').optional()),
  fidelity_card_number: optionalString(64).nullable(),
});

export const UserResponseSchema = z.object({ data: UserSchema });
export const MessageResponseSchema = z.object({ message: z.string() });
