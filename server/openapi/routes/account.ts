// Accounts: login, signup, password reset, the profile, its people and its documents
// (server/routes/auth.ts, people.ts, user-medias.ts, medias.ts).
import * as z from 'zod/mini';
import {
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  MessageResponseSchema,
  ResetCodeRequestSchema,
  ResetCodeResponseSchema,
  ResetPasswordRequestSchema,
  ResetPasswordResponseSchema,
  SignupRequestSchema,
  SignupResponseSchema,
  UserUpdateRequestSchema,
} from '~/api/contract/auth';
import { LoginResponseSchema, UserResponseSchema } from '~/api/contract/user';
import { PeopleEnvelopeSchema, PersonDeletedSchema, PersonEnvelopeSchema, PersonInputSchema, PersonPatchSchema } from '~/api/contract/people';
import { MediaDeletedSchema } from '~/api/contract/orders';
import { UserMediaFormSchema } from '~server/routes/user-medias';
import { FILE_PART, json, multipart, raw, tagged } from '../operation';
import { PERSON, TOKEN, USER } from '../examples/account';

const EMAIL = 'anna.verdi@example.com';
const NEW_PASSWORD = { password: 'neve-fresca-2026', password_confirmation: 'neve-fresca-2026' };

export const accountOperations = tagged('Account', [
  {
    method: 'post',
    path: '/v1/login',
    summary: 'Log in',
    description: 'A wrong username or password is 422 on `password`. `bocard` links a loyalty card to the account.',
    caller: { kind: 'anyone' },
    body: json(LoginRequestSchema, { username: EMAIL, password: 'neve-fresca-2026' }),
    reply: { status: 200, description: "The session's token.", body: json(LoginResponseSchema, { data: { token: TOKEN } }) },
    errors: [429],
  },
  {
    method: 'post',
    path: '/v1/logout',
    summary: 'Log out',
    description: 'Revokes the token the request carries (a customer\'s or a kiosk\'s).',
    caller: { kind: 'user-or-kiosk', kioskMinType: 10 },
    reply: { status: 200, description: 'Logged out.', body: json(MessageResponseSchema, { message: 'Disconnesso' }) },
  },
  {
    method: 'get',
    path: '/v1/user',
    summary: 'The logged-in customer',
    caller: { kind: 'user' },
    reply: { status: 200, description: 'The account.', body: json(UserResponseSchema, { data: USER }) },
  },
  {
    method: 'patch',
    path: '/v1/user',
    summary: 'Change the profile',
    description: 'Names, phone (the order form\'s pattern) and loyalty card; absent fields stay.',
    caller: { kind: 'user' },
    body: json(UserUpdateRequestSchema, { phone: '+39 333 7654321', fidelity_card_number: null }),
    reply: { status: 200, description: 'The account as changed.', body: json(UserResponseSchema, { data: USER }) },
  },
  {
    method: 'post',
    path: '/v1/signup',
    summary: 'Open an account',
    caller: { kind: 'anyone' },
    body: json(SignupRequestSchema, { first_name: 'Anna', last_name: 'Verdi', username: EMAIL, ...NEW_PASSWORD, phone: '+39 333 1234567' }),
    reply: { status: 201, description: "The new session's token and the account.", body: json(SignupResponseSchema, { data: { token: TOKEN, user: USER } }) },
    errors: [429],
  },
  {
    method: 'post',
    path: '/forgot_password',
    summary: 'Mail a password reset code',
    description: 'Answers the same whether the account exists or not.',
    caller: { kind: 'anyone' },
    body: json(ForgotPasswordRequestSchema, { username: EMAIL }),
    reply: { status: 200, description: 'A code was mailed if the account exists.', body: json(MessageResponseSchema, { message: 'Se l\'indirizzo è registrato, ti abbiamo inviato un codice' }) },
    errors: [429],
  },
  {
    method: 'post',
    path: '/reset_password_code',
    summary: 'Check a reset code',
    description: 'A wrong or expired code is 422 on `code`.',
    caller: { kind: 'anyone' },
    body: json(ResetCodeRequestSchema, { username: EMAIL, code: '482913' }),
    reply: { status: 200, description: 'The code is right.', body: json(ResetCodeResponseSchema, { data: { valid: true } }) },
    errors: [429],
  },
  {
    method: 'post',
    path: '/reset_password',
    summary: 'Set a new password with a reset code',
    caller: { kind: 'anyone' },
    body: json(ResetPasswordRequestSchema, { username: EMAIL, code: '482913', ...NEW_PASSWORD }),
    reply: { status: 200, description: 'A fresh session.', body: json(ResetPasswordResponseSchema, { data: { token: TOKEN }, message: 'Password aggiornata' }) },
    errors: [429],
  },
  {
    method: 'get',
    path: '/v1/user/people',
    summary: 'The people the customer rents for',
    description: 'Latest used first.',
    caller: { kind: 'user' },
    reply: { status: 200, description: 'The people.', body: json(PeopleEnvelopeSchema, { data: [PERSON] }) },
  },
  {
    method: 'post',
    path: '/v1/user/people',
    summary: 'Add a person',
    description: 'At most 30 per account; a name already there (ignoring case and spaces) is 422.',
    caller: { kind: 'user' },
    body: json(PersonInputSchema, { first_name: 'Luca', last_name: 'Verdi', height: 180, weight: '72', shoe_size: '42,5', level: 'intermedio' }),
    reply: { status: 201, description: 'The person.', body: json(PersonEnvelopeSchema, { data: PERSON }) },
  },
  {
    method: 'patch',
    path: '/v1/user/people/:id',
    summary: 'Change a person',
    description: "Another account's person is 404.",
    caller: { kind: 'user' },
    body: json(PersonPatchSchema, { weight: 74 }),
    reply: { status: 200, description: 'The person as changed.', body: json(PersonEnvelopeSchema, { data: { ...PERSON, weight: 74 } }) },
  },
  {
    method: 'delete',
    path: '/v1/user/people/:id',
    summary: 'Remove a person',
    caller: { kind: 'user' },
    reply: { status: 200, description: 'Removed.', body: json(PersonDeletedSchema, { data: { id: 3, deleted: true } }) },
  },
  {
    method: 'post',
    path: '/v1/user/media',
    summary: 'Keep an identity document on the account',
    description:
      'One `file` (an image or a PDF, recognised by its bytes, at most 8 MB); with `replace` (the id of one of the account\'s documents) it takes that one\'s place. At most 2 documents (a third is 422); the daily upload quota is 429 on `file`.',
    caller: { kind: 'user' },
    body: multipart(UserMediaFormSchema, { file: FILE_PART, replace: '80' }),
    reply: { status: 201, description: 'The account with its documents.', body: json(UserResponseSchema, { data: USER }) },
    errors: [429],
  },
  {
    method: 'get',
    path: '/v1/media/:id',
    summary: 'A stored document',
    description:
      "The file's bytes, with its type (`sandbox` CSP, `nosniff`). The account's own documents, or an order's for whoever may see the order (`?order=` its uuid, the guest link); anything else is 404.",
    caller: { kind: 'anyone-or-token', kioskMinType: 20 },
    query: { schema: z.object({ order: z.optional(z.uuid()) }), example: { order: '0b9a3c1e-5f4d-4c3b-9a2e-1d0c9b8a7f6e' }, checked: false },
    reply: { status: 200, description: 'The document.', body: raw('application/octet-stream') },
  },
  {
    method: 'delete',
    path: '/v1/media/:id',
    summary: 'Delete a stored document',
    description:
      "The account's own document, or an order's while the order can change (else 410). An order placed at a kiosk whose totem requires identity documents (no `data_security_user_optional`) keeps its last one whoever deletes (the guest link, the owner, any kiosk), and such a kiosk may not delete any order's last one: 422 on `medias`.",
    caller: { kind: 'anyone-or-token', kioskMinType: 20 },
    reply: { status: 200, description: 'Deleted.', body: json(MediaDeletedSchema, { data: { id: 80, deleted: true } }) },
    errors: [410, 422],
  },
]);
