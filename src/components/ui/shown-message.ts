// What a message a store passed says in the page's language: a key translated with its values, or
// a text (the server's, a terminal's notes) as it is. Stores never translate; the snackbar and the
// screens showing a stored error say it here.
import type { TFunction } from 'i18next';
import type { ShownMessage } from '../../domain/messages';

export function noticeText(message: ShownMessage, t: TFunction): string {
  return typeof message === 'string' ? message : t(message.key, message.params);
}
