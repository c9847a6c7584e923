// The account page's changes, kept out of the islands: the details
// and the stored identity documents. Each answer is the user as the server now holds it, which
// becomes the session's user, so every island showing it (the app bar, the checkout) follows.
import type { User } from '~/api/contract/user';
import { deleteDocument, saveProfile, uploadDocument } from '~/api/profile';
import { firstApiMessage } from '~/api/errors';
import { MAX_UPLOAD_BYTES } from '~/domain/medias';
import { $user } from '~/stores/session';
import { api } from '~/stores/api';

export interface ProfileDetails {
  first_name: string;
  last_name: string;
  phone: string;
  fidelity_card_number: string;
}

/** Saves the details; a 422 is rethrown for the form's fields. Answers the saved user. */
export async function saveProfileDetails(details: ProfileDetails): Promise<User> {
  const saved = await saveProfile(api, {
    first_name: details.first_name,
    last_name: details.last_name,
    phone: details.phone,
    // An emptied card field removes the card from the account.
    fidelity_card_number: details.fidelity_card_number.trim() || null,
  });
  $user.set(saved);
  return saved;
}

export type DocumentChange =
  | { kind: 'done' }
  /** Over the API's upload limit: refused here, before sending megabytes for nothing. */
  | { kind: 'tooLarge' }
  /**
   * 422 (size, type, the limit of stored documents) or 410 (a document of an order that can no
   * longer change), which the client does not announce: the message for the document's field.
   */
  | { kind: 'refused'; message: string }
  /** No answer: the client said so. */
  | { kind: 'failed' };

async function change(request: () => Promise<User>): Promise<DocumentChange> {
  try {
    $user.set(await request());
    return { kind: 'done' };
  } catch (err) {
    const message = firstApiMessage(err);
    return message === null ? { kind: 'failed' } : { kind: 'refused', message };
  }
}

/** Adds a document, or with `replace` puts it in the place of that one. */
export function storeDocument(file: File, replace?: number): Promise<DocumentChange> {
  if (file.size > MAX_UPLOAD_BYTES) return Promise.resolve({ kind: 'tooLarge' });
  return change(() => uploadDocument(api, file, replace));
}

/** Deletes a stored document. */
export function removeDocument(id: number): Promise<DocumentChange> {
  return change(() => deleteDocument(api, id));
}
