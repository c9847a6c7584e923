// The account's stored identity documents (spec §9: at most 2 loaded). Spec §7's media
// endpoints are order-scoped (POST v1/orders/{id}/media); a document kept on the account before
// any order needs an account-scoped upload: POST v1/user/media, one `file`, the same checks as an
// order's (8 MB, sniffed type). With `replace` (the id of one of the account's documents) the new
// file takes its place in one transaction. Deleting is spec §7's DELETE v1/media/{id}.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { and, countDistinct, eq, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_STORED_USER_MEDIAS, MAX_UPLOAD_BYTES } from '~/domain/medias';
import { intLike } from '~/api/contract/fields';
import { medias } from '../db/schema/index';
import { ApiError, fieldError } from '../http/errors';
import { requireUser, type AppEnv } from '../http/context';
import { parseWith } from '../http/validation';
import { readFormData } from '../http/forms';
import { discardUploads, storeUpload } from '../orders/uploads';
import { countDailyUploads } from '../orders/upload-quota';
import { presentUser } from './auth';

export const UserMediaFormSchema = z.object({
  file: z.instanceof(File, { message: 'validators.required' }),
  replace: z.pipe(intLike(), z.number().min(1, 'validators.invalid')).optional(),
});

/** One document of 8 MB plus the form's few fields. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const userMediaBodyLimit = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES,
  onError: () => {
    throw new ApiError(413, 'api.tooLarge');
  },
});

export const userMediaRoutes = new Hono<AppEnv>().post('/v1/user/media', userMediaBodyLimit, async (c) => {
  const user = requireUser(c);
  const data = await readFormData(c);
  const form = parseWith(UserMediaFormSchema, { file: data.get('file') ?? undefined, replace: data.get('replace') || undefined });
  const { database, uploadsDir, now } = c.get('deps');
  const mine = and(eq(medias.userId, user.id), isNull(medias.deletedAt));
  let replaced: typeof medias.$inferSelect | undefined;
  if (form.replace) {
    [replaced] = await database.db.select().from(medias).where(and(eq(medias.id, form.replace), mine));
    if (!replaced) throw fieldError('replace', 'api.mediaInvalid');
  } else {
    // Distinct files: a document reused on several orders is one document kept several times.
    const [held] = await database.db.select({ n: countDistinct(medias.storedName) }).from(medias).where(mine);
    if (Number(held?.n ?? 0) >= MAX_STORED_USER_MEDIAS) {
      throw fieldError('file', 'api.documentsLimit', { max: MAX_STORED_USER_MEDIAS });
    }
  }
  // The account's daily upload quota counts these documents like an order's.
  await countDailyUploads(c, 1, 'file');
  const stored = await storeUpload(uploadsDir, form.file, 'file');
  try {
    await database.db.transaction(async (tx) => {
      await tx.insert(medias).values({ ...stored, userId: user.id, orderId: null });
      if (!replaced) return;
      // Every copy of the replaced file leaves the account: a copy on a past order stays on that
      // order (the order keeps what it was placed with), one held by the account alone is deleted.
      const sameFile = and(eq(medias.userId, user.id), eq(medias.storedName, replaced.storedName), isNull(medias.deletedAt));
      await tx.update(medias).set({ deletedAt: now() }).where(and(sameFile, isNull(medias.orderId)));
      await tx.update(medias).set({ userId: null }).where(and(sameFile, isNotNull(medias.orderId)));
    });
  } catch (err) {
    await discardUploads(uploadsDir, [stored]);
    throw err;
  }
  return c.json({ data: await presentUser(c, user) }, 201);
});
