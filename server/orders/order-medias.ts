// The documents of an order, written inside the order's transaction (server/orders/write.ts): new
// uploads, stored documents kept or reused, deletions, and, under the order's row lock, the
// per-order quota and the order's document rule counted again. Apart from the order write because it
// is its own set of rules (whose documents may be linked, what a deletion touches).
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { AuthTotem } from '../http/context';
import { documentsRequired } from '~/domain/kiosk';
import { documentsRequiredFor } from '~/domain/order-documents';
import { medias, totems } from '../db/schema/index';
import { fieldError } from '../http/errors';
import type { OrderFormInput } from '~/api/contract/order-form';
import type { UploadQuota } from '~/domain/upload-quota';
import { assertOrderWithinQuota } from './upload-quota';
import type { StoredUpload } from './uploads';

/** What the order write passes on about documents (its SaveOrderInput extends this). */
export interface OrderMediasInput {
  form: Pick<OrderFormInput, 'medias'>;
  /** The order's owner: new uploads are theirs. */
  userId: number | null;
  /** New documents, already checked and written to disk, by their index in form.medias. */
  uploads: Map<number, StoredUpload>;
  /** Set when editing: only this order's documents (and the caller's own) may be linked. */
  editing?: { id: number };
  /**
   * The authenticated customer making this request (not the order's owner: a guest-link holder or
   * a kiosk may edit someone's order). Only their stored documents may be linked besides the
   * edited order's own.
   */
  callerUserId?: number | null;
  /** Per-order document quota, checked again under the order's lock (orders/upload-quota.ts). */
  uploadQuota?: UploadQuota;
  /**
   * The order must hold an identity document once written (spec §5, `orderDocumentsRequired`). The
   * route checks the form first, before storing any upload; this counts again under the order's
   * row lock, because a document the form leaves unmentioned may have been deleted since (another
   * kiosk, the customer's page).
   */
  documentsRequired?: boolean;
}

/** The ids of the documents `orderId` holds now (`db`: the database, or a transaction holding the order's lock). */
export async function liveDocumentIds(db: Db, orderId: number): Promise<number[]> {
  const rows = await db.select({ id: medias.id }).from(medias).where(and(eq(medias.orderId, orderId), isNull(medias.deletedAt)));
  return rows.map((r) => r.id);
}

/** A totem's document setting as the domain's rule reads it (src/domain/order-documents.ts). */
const totemDocumentRule = (totem: Pick<AuthTotem, 'dataSecurityUserOptional'> | null | undefined) =>
  totem ? { data_security_user_optional: totem.dataSecurityUserOptional } : null;

/** Whether a kiosk requires identity documents: any totem, unless its settings make them optional. */
export const kioskRequiresDocuments = (totem: Pick<AuthTotem, 'dataSecurityUserOptional'> | null | undefined): boolean =>
  documentsRequired(totemDocumentRule(totem));

/**
 * Whether a write must leave the order holding an identity document (the domain's
 * documentsRequiredFor): the order was placed at a kiosk that requires them, whoever writes it now,
 * or `caller` is such a kiosk. `order` is null for a new order (its caller places it). The placing
 * kiosk's setting is read as it is now: a shop that makes documents optional frees its orders too.
 */
export async function orderDocumentsRequired(
  db: Db,
  order: { createdTotemId: number | null } | null,
  caller: Pick<AuthTotem, 'dataSecurityUserOptional'> | null | undefined,
): Promise<boolean> {
  // No read when the caller decides it alone: a kiosk that requires documents, or an order placed online.
  if (kioskRequiresDocuments(caller) || order?.createdTotemId == null) return kioskRequiresDocuments(caller);
  const [placedAt] = await db
    .select({ dataSecurityUserOptional: totems.dataSecurityUserOptional })
    .from(totems)
    .where(eq(totems.id, order.createdTotemId));
  return documentsRequiredFor(totemDocumentRule(placedAt), totemDocumentRule(caller));
}

/** The refusal of a write that would leave the order without an identity document it requires. */
export const documentRequired = () => fieldError('medias', 'validators.documentRequired');

/** Refuses (422 on `medias`) when `required` and the order holds no document now: `tx` holds the order's row lock. */
export async function assertKeepsDocument(tx: Db, orderId: number, required: boolean): Promise<void> {
  if (required && (await liveDocumentIds(tx, orderId)).length === 0) throw documentRequired();
}

/** Links the form's documents to the order: new uploads, kept stored ones, deletions. */
export async function saveOrderMedias(tx: Db, input: OrderMediasInput, orderId: number, now: Date): Promise<void> {
  let added = 0;
  for (const [i, media] of input.form.medias.entries()) {
    const upload = input.uploads.get(i);
    if (upload) {
      await tx.insert(medias).values({ ...upload, orderId, userId: input.userId });
      added++;
      continue;
    }
    if (!media.id) continue;
    // The edited order's own documents, and the caller's own when a customer is logged in: never
    // the order owner's other documents for whoever else edits it.
    const owners = [eq(medias.orderId, input.editing?.id ?? -1)];
    if (input.callerUserId) owners.push(eq(medias.userId, input.callerUserId));
    const [row] = await tx
      .select()
      .from(medias)
      .where(and(eq(medias.id, media.id), isNull(medias.deletedAt), or(...owners)));
    if (!row) throw fieldError(`medias.${i}.id`, 'api.mediaInvalid');
    if (media.deleted) {
      // Deleted only from this order (or the caller's document of no order): one attached to
      // another order stays there, it is just not linked to this one.
      const ours = row.orderId === orderId || (row.orderId === null && row.userId === input.callerUserId);
      if (ours) await tx.update(medias).set({ deletedAt: now }).where(eq(medias.id, row.id));
    } else if (row.orderId !== orderId) {
      // A customer's stored document reused for this order.
      const { id: _id, createdAt: _c, ...copy } = row;
      await tx.insert(medias).values({ ...copy, orderId });
      added++;
    }
  }
  // Counted with what the order held, under its row lock (an edit's UPDATE took it).
  if (added > 0 && input.uploadQuota) await assertOrderWithinQuota(tx, input.uploadQuota, orderId, 'medias');
  await assertKeepsDocument(tx, orderId, !!input.documentsRequired);
}
