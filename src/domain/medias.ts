// Identity-document medias in the cart (spec §3 "Media", §4 deletion rule, §9 max 2 stored, 8 MB a file).
import type { UserMedia } from '../api/contract/user';
import type { Media } from '../api/contract/orders';

/** Stored documents of a user loaded into the cart on login (spec §9), and kept per account by the API. */
export const MAX_STORED_USER_MEDIAS = 2;
/** The largest file a customer may upload (spec §9), checked by the forms and the API alike. */
export const MAX_UPLOAD_MB = 8;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
/** What a document's file field offers: images and PDF, as the API accepts them (server/orders/uploads.ts sniffs the bytes). */
export const ACCEPTED_DOCUMENT_TYPES = 'image/jpeg,image/png,image/webp,image/gif,application/pdf';

/** Medias the customer still sees (stored ones flagged deleted are only kept to tell the server). */
export function visibleMedias<T extends Pick<Media, 'deleted'>>(medias: readonly T[]): T[] {
  return medias.filter((m) => !m.deleted);
}

/** The first visible media is the front of the document; only it has `front` true. */
export function withFrontMedia<T extends Pick<Media, 'deleted' | 'front'>>(medias: readonly T[]): T[] {
  const first = medias.findIndex((m) => !m.deleted);
  return medias.map((m, i) => ({ ...m, front: i === first }));
}

export function addMedia<T extends Media>(medias: readonly T[], media: T): T[] {
  return withFrontMedia([...medias, { ...media, stored: false, deleted: false }]);
}

/**
 * A stored media is only flagged deleted (the server must delete it); one not yet stored is
 * dropped. Stored medias are matched by id; new ones (id 0) by identity or image.
 */
export function removeMedia<T extends Media>(medias: readonly T[], media: T): T[] {
  if (media.stored) {
    return withFrontMedia(medias.map((m) => (m.stored && m.id === media.id ? { ...m, deleted: true } : m)));
  }
  const same = (m: T) => m === media || (!m.stored && m.img != null && m.img === media.img);
  return withFrontMedia(medias.filter((m) => !same(m)));
}

/** At most 2 of the user's stored medias go into the cart on login. */
export function userMediasToCart(userMedias: readonly UserMedia[]): Media[] {
  return withFrontMedia(
    userMedias.slice(0, MAX_STORED_USER_MEDIAS).map((m) => ({
      id: m.id,
      img: m.url,
      url: m.url,
      front: false,
      stored: true,
      deleted: false,
    })),
  );
}

/** On logout stored medias leave the cart; those the customer added stay. */
export function dropStoredMedias<T extends Pick<Media, 'stored' | 'deleted' | 'front'>>(medias: readonly T[]): T[] {
  return withFrontMedia(medias.filter((m) => !m.stored));
}
