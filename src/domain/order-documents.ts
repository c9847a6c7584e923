// Spec §5, documents can be optional when the totem has data_security_user_optional: otherwise an
// order a kiosk writes holds at least one identity document once written. One rule for a new order
// and for an edit (the server checks both before storing any upload); an edit also counts the
// documents the order already holds and the form does not delete, which stay linked to it.
import type { Totem } from '../api/contract/kiosk';
import { documentsRequired } from './kiosk';

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

/** True when `totem` requires a document and the order, once written, would hold none. */
export function missingDocument(
  totem: Pick<Totem, 'data_security_user_optional'> | null | undefined,
  medias: readonly FormDocument[],
  held: readonly number[] = [],
): boolean {
  return documentsRequired(totem) && !holdsDocument(medias, held);
}
