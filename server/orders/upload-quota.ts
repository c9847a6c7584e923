// The document upload quota (limits and why in src/domain/upload-quota.ts), applied to
// the order form (new orders and edits) and to the upload routes:
// - per order, counted in the database: the documents the order holds, deleted ones included
//   (their files stay on disk), plus the new ones. A first check before any file is written, the
//   deciding one inside the write's transaction under the order's row lock, so two concurrent
//   uploads cannot both take the last room. 422: the order cannot take more, whenever asked.
// - per uploader and day, through the rate limiter: a logged-in customer by account, a kiosk by
//   totem, a guest by client address (server/http/client-address.ts: per /64 for IPv6). Not by
//   order for guests: anyone can place new orders, so a per-order key would bound nothing the
//   per-order quota does not already; the address is what spans a guest's orders. 429: later.
// Both answer with the message under the form's field.
import { count, eq, sum } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES } from '~/domain/medias';
import { fitsOrderQuota, type UploadQuota } from '~/domain/upload-quota';
import type { Db } from '../db/client';
import { medias } from '../db/schema/index';
import { ApiError, fieldError } from '../http/errors';
import { clientIp, type AppContext } from '../http/context';
import type { RateLimitRule } from '../http/rate-limit';

const BYTES_PER_MB = 1024 * 1024;

/** Documents an order holds and their bytes, deleted ones included. */
async function heldBy(db: Db, orderId: number): Promise<{ files: number; bytes: number }> {
  const [row] = await db.select({ files: count(), bytes: sum(medias.size) }).from(medias).where(eq(medias.orderId, orderId));
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

function orderQuotaError(quota: UploadQuota, field: string): ApiError {
  return fieldError(field, 'api.uploadQuotaOrder', { files: quota.filesPerOrder, megabytes: Math.floor(quota.bytesPerOrder / BYTES_PER_MB) });
}

/** Before anything is written: 422 when `files` do not fit the order (null: a new order). */
export async function assertOrderRoom(db: Db, quota: UploadQuota, orderId: number | null, files: readonly { size: number }[], field: string): Promise<void> {
  if (files.length === 0) return;
  const held = orderId === null ? { files: 0, bytes: 0 } : await heldBy(db, orderId);
  const bytes = files.reduce((total, f) => total + Math.min(f.size, MAX_UPLOAD_BYTES), 0);
  if (!fitsOrderQuota(quota, held, files.length, bytes)) throw orderQuotaError(quota, field);
}

/** Inside the write, after the documents were linked, under the order's row lock: the deciding check. */
export async function assertOrderWithinQuota(tx: Db, quota: UploadQuota, orderId: number, field: string): Promise<void> {
  if (!fitsOrderQuota(quota, await heldBy(tx, orderId), 0, 0)) throw orderQuotaError(quota, field);
}

/** The rate-limit key and rule of the caller's daily uploads. */
function dailyBucket(c: AppContext, quota: UploadQuota): { key: string; rule: RateLimitRule } {
  const auth = c.get('auth');
  const rule = (limit: number) => ({ limit, windowMs: quota.dayMs });
  if (auth?.user) return { key: `uploads:user:${auth.user.id}`, rule: rule(quota.filesPerDay) };
  if (auth?.totem) return { key: `uploads:totem:${auth.totem.id}`, rule: rule(quota.kioskFilesPerDay) };
  return { key: `uploads:ip:${clientIp(c)}`, rule: rule(quota.filesPerDay) };
}

/** Counts `files` new documents against the caller's daily quota: 429 under `field` past it. */
export async function countDailyUploads(c: AppContext, files: number, field: string): Promise<void> {
  if (files === 0) return;
  const { limiter, uploadQuota } = c.get('deps');
  const { key, rule } = dailyBucket(c, uploadQuota);
  try {
    for (let i = 0; i < files; i++) await limiter.hit(key, rule);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 429) throw err;
    const params = { files: rule.limit, hours: Math.round(rule.windowMs / (60 * 60 * 1000)) };
    throw new ApiError(429, 'api.uploadQuotaDay', params, { [field]: [{ key: 'api.uploadQuotaDay', params }] });
  }
}

/** Both checks, before any file is written: the order's room first (422), then the day's (429). */
export async function assertUploadQuota(c: AppContext, orderId: number | null, files: readonly { size: number }[], field: string): Promise<void> {
  const { database, uploadQuota } = c.get('deps');
  await assertOrderRoom(database.db, uploadQuota, orderId, files, field);
  await countDailyUploads(c, files.length, field);
}
