// Requests of the account page: the profile (PATCH v1/user) and the stored identity
// documents (POST v1/user/media to add or replace, spec §7's DELETE v1/media/{id} to delete), and
// the account's loyalty card (GET v1/fidelity_card).
// Each answers the user as GET v1/user does, so the page shows what the server now holds.
import type * as z from 'zod/mini';
import type { UserUpdateRequestSchema } from './contract/auth';
import { UserResponseSchema, type User } from './contract/user';
import { FidelityCardResponseSchema, type FidelityCard } from './contract/fidelity';
import type { ApiClient } from './client';

export type ProfileChanges = z.input<typeof UserUpdateRequestSchema>;

/** PATCH v1/user: first and last name, phone, loyalty card (null removes it). */
export async function saveProfile(api: ApiClient, changes: ProfileChanges): Promise<User> {
  return (await api.patch('v1/user', { json: changes, schema: UserResponseSchema })).data;
}

/** POST v1/user/media: a new document, or with `replace` the one it takes the place of. */
export async function uploadDocument(api: ApiClient, file: File, replace?: number): Promise<User> {
  const form = new FormData();
  form.append('file', file);
  if (replace) form.append('replace', String(replace));
  return (await api.post('v1/user/media', { form, schema: UserResponseSchema })).data;
}

/** DELETE v1/media/{id}, then the user again (the list of documents it now has). */
export async function deleteDocument(api: ApiClient, id: number): Promise<User> {
  await api.delete(`v1/media/${id}`);
  return (await api.get('v1/user', { schema: UserResponseSchema })).data;
}

/** GET v1/fidelity_card: the account's own card with its holder and points (404, no notice, when it is no card). */
export async function fetchOwnFidelityCard(api: ApiClient, number: string): Promise<FidelityCard> {
  return (await api.get('v1/fidelity_card', { query: { fidelity_card_number: number }, schema: FidelityCardResponseSchema })).data;
}
