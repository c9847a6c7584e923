// Order documents: upload (several or one), delete (soft), download to whoever may see them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { and, eq, isNull } from 'drizzle-orm';
import { medias, orders } from '../db/schema/index';
import { ApiError, notFound } from '../http/errors';
import { MEDIA_CSP } from '../http/security-headers';
import type { AppContext, AppEnv } from '../http/context';
import { idParam } from '../http/validation';
import { readFormData } from '../http/forms';
import { accessibleOrder } from '../orders/access';
import { isEditable, presentOrder } from '../orders/present';
import { discardUploads, storeUpload, type StoredUpload } from '../orders/uploads';
import { orderBodyLimit } from './orders';
import { lockOrderForChange } from '../orders/hand-outs';
import { assertKeepsDocument, orderDocumentsRequired } from '../orders/order-medias';
import { assertOrderWithinQuota, assertUploadQuota } from '../orders/upload-quota';
import type { Db } from '../db/client';
import type { z } from 'zod';
import type { MediaDeletedSchema } from '~/api/contract/orders';

/** `field` names the form field of the files, for the quota's message. */
async function uploadTo(c: AppContext, files: File[], field: 'medias' | 'file') {
  const order = await accessibleOrder(c, c.req.param('id')!);
  const { database, catalogue, now, uploadsDir, uploadQuota } = c.get('deps');
  if (!isEditable(order, now())) throw new ApiError(410, 'api.orderNotEditable');
  if (files.length === 0) throw new ApiError(422, 'api.invalidData', {}, { file: [{ key: 'validators.required' }] });
  await assertUploadQuota(c, order.id, files, field);
  const stored: StoredUpload[] = [];
  try {
    for (const [i, file] of files.entries()) stored.push(await storeUpload(uploadsDir, file, files.length > 1 ? `medias.${i}` : 'file'));
    await database.db.transaction(async (raw) => {
      // Under the order's row lock, so two uploads at once cannot both take the last room.
      const tx = raw as unknown as Db;
      await lockOrderForChange(tx, order.id);
      await tx.insert(medias).values(stored.map((s) => ({ ...s, orderId: order.id, userId: order.userId })));
      await assertOrderWithinQuota(tx, uploadQuota, order.id, field);
    });
  } catch (err) {
    await discardUploads(uploadsDir, stored);
    throw err;
  }
  return c.json({ data: (await presentOrder(database.db, catalogue, order, now())).medias }, 201);
}

async function formFiles(c: AppContext, field: string): Promise<File[]> {
  const form = await readFormData(c);
  return [...form.entries()].filter(([k, v]) => (k === field || k.startsWith(`${field}[`)) && v instanceof File).map(([, v]) => v as File);
}

/**
 * A document and whether the caller may see it: the owner, or whoever may see its order, by the
 * order's uuid (`?order=`, the guest link) or otherwise. Both go through accessibleOrder, so a totem
 * presenting the uuid is still held to its shop and type; any refusal answers 404.
 */
async function accessibleMedia(c: AppContext) {
  const { db } = c.get('deps').database;
  const [row] = await db.select().from(medias).where(and(eq(medias.id, idParam(c)), isNull(medias.deletedAt)));
  if (!row) throw notFound();
  const user = c.get('auth')?.user;
  if (user && row.userId === user.id) return row;
  if (row.orderId) {
    const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
    if (order) {
      const uuid = c.req.query('order');
      const ref = uuid && uuid === order.uuid ? uuid : String(order.id);
      const seen = await accessibleOrder(c, ref).catch((err: unknown) => {
        if (err instanceof ApiError) return null;
        throw err;
      });
      if (seen) return row;
    }
  }
  throw notFound();
}

export const mediaRoutes = new Hono<AppEnv>()
  .post('/v1/orders/:id/medias', orderBodyLimit, async (c) => uploadTo(c, await formFiles(c, 'medias'), 'medias'))
  .post('/v1/orders/:id/media', orderBodyLimit, async (c) => uploadTo(c, (await formFiles(c, 'file')).slice(0, 1), 'file'))
  .get('/v1/media/:id', async (c) => {
    const media = await accessibleMedia(c);
    const bytes = await readFile(path.join(c.get('deps').uploadsDir, media.storedName));
    return c.body(bytes, 200, {
      'content-type': media.mime,
      'x-content-type-options': 'nosniff',
      // An uploaded HTML/SVG file opened from here must not run script on the API's origin.
      'content-security-policy': MEDIA_CSP,
      'content-disposition': `inline; filename="${media.originalName.replace(/[^\w.-]/g, '_')}"`,
      'cache-control': 'private, no-store',
    });
  })
  .delete('/v1/media/:id', async (c) => {
    const media = await accessibleMedia(c);
    const { database, now } = c.get('deps');
    const orderId = media.orderId;
    if (orderId === null) await database.db.update(medias).set({ deletedAt: now() }).where(eq(medias.id, media.id));
    else {
      await database.db.transaction(async (raw) => {
        // Under the order's row lock, as an edit writes its documents: a payment or a cancellation
        // that landed since the order was read is seen here (410), and an order that requires
        // documents (placed at such a kiosk, or a kiosk that requires them deleting) keeps its last
        // one whoever deletes, even with two deletions at once (server/orders/order-medias.ts).
        const tx = raw as unknown as Db;
        await lockOrderForChange(tx, orderId);
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
        if (order && !isEditable(order, now())) throw new ApiError(410, 'api.orderNotEditable');
        await tx.update(medias).set({ deletedAt: now() }).where(eq(medias.id, media.id));
        await assertKeepsDocument(tx, orderId, await orderDocumentsRequired(tx, order ?? null, c.get('auth')?.totem));
      });
    }
    const answer: z.input<typeof MediaDeletedSchema> = { data: { id: media.id, deleted: true } };
    return c.json(answer);
  });
