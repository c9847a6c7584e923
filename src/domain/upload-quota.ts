// Document upload quota. Spec §9 bounds what matters to a customer (8 MB a file, at most
// 2 stored documents loaded per person); this quota is about abuse: documents are kept on disk, so
// whoever can upload could otherwise fill the shop's disk through one order or many. The defaults
// leave a family's documents, a few re-takes and a kiosk's busy day far below the limits.
import { MAX_UPLOAD_BYTES } from './medias';

export interface UploadQuota {
  /** Documents one order may hold, deleted ones included (a deleted one is only flagged, its file stays). */
  filesPerOrder: number;
  /** Their bytes together. */
  bytesPerOrder: number;
  /** Documents one customer account, or one client address for guests, may upload per window. */
  filesPerDay: number;
  /** The same for one kiosk: it uploads the documents of every customer of its shop. */
  kioskFilesPerDay: number;
  /** The window of the per-day counts. */
  dayMs: number;
}

export const UPLOAD_FILES_PER_ORDER = 20;
/** Five documents of the largest size, or many phone photos. */
export const UPLOAD_BYTES_PER_ORDER = 5 * MAX_UPLOAD_BYTES;
export const UPLOAD_FILES_PER_DAY = 100;
/** A busy shop's day: some hundreds of customers with one or two documents each. */
export const KIOSK_UPLOAD_FILES_PER_DAY = 1000;
export const UPLOAD_QUOTA_DAY_MS = 24 * 60 * 60 * 1000;

export const UPLOAD_QUOTA: UploadQuota = {
  filesPerOrder: UPLOAD_FILES_PER_ORDER,
  bytesPerOrder: UPLOAD_BYTES_PER_ORDER,
  filesPerDay: UPLOAD_FILES_PER_DAY,
  kioskFilesPerDay: KIOSK_UPLOAD_FILES_PER_DAY,
  dayMs: UPLOAD_QUOTA_DAY_MS,
};

/** Whether `files` more documents of `bytes` fit an order that holds `held` already. */
export function fitsOrderQuota(quota: UploadQuota, held: { files: number; bytes: number }, files: number, bytes: number): boolean {
  return held.files + files <= quota.filesPerOrder && held.bytes + bytes <= quota.bytesPerOrder;
}
