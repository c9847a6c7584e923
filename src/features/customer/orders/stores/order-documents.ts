// The order page's identity documents after the order was placed (spec §7): add one, or replace one
// without going through the edit flow. A replacement is stored first and the old document deleted
// only then, so a refused or failed upload never leaves the order with one document fewer. The
// file the server could not take for now (documents folder unavailable: 503, or no answer) stays
// chosen in $orderDocuments, so the page says why and sends the same file again on "Try again".
import { atom } from 'nanostores';
import { ApiClientError } from '~/api/client';
import { addOrderDocument, deleteOrderDocument, type OrderDocument } from '~/api/order-documents';
import { firstApiMessage } from '~/api/errors';
import { withFrontMedia } from '~/domain/medias';
import { fileSize } from '~/domain/validators';
import { api } from '~/stores/api';
import { $orderPage } from './orders';

/** Where a file goes: a new document, or in the place of the document with this id. */
export type DocumentTarget = 'add' | number;

export type DocumentOutcome =
  | { kind: 'added' }
  | { kind: 'replaced' }
  /** Over the 8 MB limit: refused here, before sending megabytes for nothing. */
  | { kind: 'tooLarge' }
  /** 422 (type, size, the order's quota) or 410 (the order can no longer change): the API's message. */
  | { kind: 'refused'; message: string }
  /** The server cannot store documents now (503) or did not answer: the file stays chosen. */
  | { kind: 'unavailable'; message: string | null }
  /** The new document is stored, but the old one could not be deleted: both are on the order. */
  | { kind: 'oldKept'; message: string | null };

export interface OrderDocumentsState {
  busy: boolean;
  /** The file last chosen and not stored, kept for a retry (only after a 503 or no answer). */
  pending: { target: DocumentTarget; file: File } | null;
  /** What the page says under the target's field. */
  problem: { target: DocumentTarget; outcome: DocumentOutcome } | null;
}

const IDLE: OrderDocumentsState = { busy: false, pending: null, problem: null };

export const $orderDocuments = atom<OrderDocumentsState>(IDLE);

/** The shown order with these documents (the first one the front of the document). */
function showDocuments(medias: OrderDocument[]): void {
  const page = $orderPage.get();
  if (page.order) $orderPage.set({ ...page, order: { ...page.order, medias: withFrontMedia(medias) } });
}

function settle(target: DocumentTarget, outcome: DocumentOutcome, file: File | null): DocumentOutcome {
  const kept = outcome.kind === 'unavailable' && file ? { target, file } : null;
  const problem = outcome.kind === 'added' || outcome.kind === 'replaced' ? null : { target, outcome };
  $orderDocuments.set({ busy: false, pending: kept, problem });
  return outcome;
}

/**
 * Stores `file` on the shown order: a new document, or with `target` an id the one it replaces.
 * Null when nothing was done (no order shown, or another upload still running).
 */
export async function storeOrderDocument(file: File, target: DocumentTarget = 'add'): Promise<DocumentOutcome | null> {
  const order = $orderPage.get().order;
  if (!order || $orderDocuments.get().busy) return null;
  // The checkout's rule for a chosen file (spec §5: under 8 MB).
  if (fileSize(file) !== true) return settle(target, { kind: 'tooLarge' }, null);
  $orderDocuments.set({ busy: true, pending: { target, file }, problem: null });
  let medias: OrderDocument[];
  try {
    medias = await addOrderDocument(api, order.uuid, file);
  } catch (err) {
    const message = firstApiMessage(err);
    const refused = err instanceof ApiClientError && err.status !== 503 && err.status < 500;
    return settle(target, refused ? { kind: 'refused', message: message ?? '' } : { kind: 'unavailable', message }, file);
  }
  showDocuments(medias);
  if (target === 'add') return settle(target, { kind: 'added' }, null);
  try {
    await deleteOrderDocument(api, order.uuid, target);
  } catch (err) {
    return settle(target, { kind: 'oldKept', message: firstApiMessage(err) }, null);
  }
  showDocuments(medias.filter((m) => m.id !== target));
  return settle(target, { kind: 'replaced' }, null);
}

/** Sends the file kept after a 503 or a lost answer again, to the same place. */
export async function retryOrderDocument(): Promise<DocumentOutcome | null> {
  const pending = $orderDocuments.get().pending;
  return pending ? storeOrderDocument(pending.file, pending.target) : null;
}

/** A new order page starts with nothing chosen. */
export function resetOrderDocuments(): void {
  $orderDocuments.set(IDLE);
}
