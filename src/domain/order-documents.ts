// Spec §5, documents can be optional when the totem has data_security_user_optional: otherwise an
// order placed at that kiosk holds at least one identity document once written, whoever writes it
// afterwards, and so does what the kiosk writes. One rule for a new order and for an edit (the
// server checks both before storing any upload); an edit also counts the documents the order
// already holds and the form does not delete, which stay linked to it.
import type { Totem } from '../api/contract/kiosk';
import { documentsRequired, TotemTypes } from './kiosk';

/** A document entry of the order form, as the server reads it. */
export interface FormDocument {
  /** 0 for a new upload. */
  id: number;
  stored: boolean;
  deleted: boolean;
  file?: { size: number } | null;
}

/**
 * Whether the order will hold a document: a new non-empty upload, a stored document linked and not
 * deleted (only with an id: without one nothing is linked), or one of `held` (the edited order's
 * documents) that the form does not delete.
 */
export function holdsDocument(medias: readonly FormDocument[], held: readonly number[] = []): boolean {
  if (medias.some((m) => m.file && m.file.size > 0)) return true;
  // A document the form deletes anywhere is gone, whatever another entry of the same id says.
  const deleted = new Set(medias.filter((m) => m.deleted).map((m) => m.id));
  const kept = (id: number) => id > 0 && !deleted.has(id);
  return medias.some((m) => m.stored && !m.deleted && kept(m.id)) || held.some(kept);
}

/** A kiosk's document setting, or null for none (an order placed online, a caller that is no kiosk). */
type DocumentSetting = Pick<Totem, 'data_security_user_optional'> | null | undefined;

/**
 * Whether an order must hold an identity document once written. The order's own rule, from the
 * kiosk that placed it (`placedAt`), binds whoever writes it afterwards (the guest link, the
 * logged-in owner, another kiosk); and what a kiosk that requires documents writes (`writer`: an
 * online order changed at such a desk, a new order it places) holds one too.
 */
export function documentsRequiredFor(placedAt: DocumentSetting, writer: DocumentSetting): boolean {
  return documentsRequired(placedAt) || documentsRequired(writer);
}

/** True when the order must hold a document (`required`, documentsRequiredFor) and, once written, would hold none. */
export function missingDocument(required: boolean, medias: readonly FormDocument[], held: readonly number[] = []): boolean {
  return required && !holdsDocument(medias, held);
}

/**
 * Whether `caller` may place an order whose customer will show the identity document at the desk
 * instead of photographing it (`id_at_desk`): a public kiosk only, where a walk-in customer may have
 * no document at hand or not want to photograph it on a shared tablet. A site order follows its own
 * rule, and staff at an admin kiosk see the document themselves.
 */
export function mayShowIdAtDesk(caller: { type: number } | null | undefined): boolean {
  return caller?.type === TotemTypes.PUBLIC;
}

/** Whether the written order must hold a document: the rule (documentsRequiredFor), unless the customer shows it at the desk. */
export function documentNeeded(required: boolean, idAtDesk: boolean): boolean {
  return required && !idAtDesk;
}

