// Orders, customer side: place (guests too), list, view, edit, change, cancel, export.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { and, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import {
  CancelQuerySchema,
  OrderChangesSchema,
  OrderFormSchema,
  OrderSearchQuerySchema,
  type OrderFormInput,
} from '~/api/contract/order-form';
import { MAX_UPLOAD_BYTES } from '~/domain/medias';
import { documentNeeded, mayShowIdAtDesk, missingDocument } from '~/domain/order-documents';
import { coupons, orders } from '../db/schema/index';
import { ApiError, fieldError, forbidden, notFound } from '../http/errors';
import { termsConsent, termsRequired } from '~/domain/terms';
import { requireUser, type AppContext, type AppEnv } from '../http/context';
import { formToTree, readFormData } from '../http/forms';
import { idParam, jsonBody, parseWith, queryParams } from '../http/validation';
import { isValidFidelityCard } from './catalogue';
import { quoteOrder, type CouponRow } from '../orders/quote';
import { cancelOrder, saveOrder, type OrderRow } from '../orders/write';
import { discardUploads, storeUpload, type StoredUpload } from '../orders/uploads';
import { assertUploadQuota } from '../orders/upload-quota';
import { documentRequired, liveDocumentIds, orderDocumentsRequired } from '../orders/order-medias';
import { presentOrder, presentOrders, presentSaved } from '../orders/present';
import { accessibleOrder, assertCanChange, orderByUuid } from '../orders/access';
import { publishOrder } from '../realtime/events';
import { staffOrderSearch } from './staff/orders';
import { sendOrderConfirmation } from '../orders/mail';
import { log } from '../log';
import { exportOrderCsv } from '../orders/export';
import { assertUnitsPerProduct } from '../orders/limits';
import { countOnlineOrder, recordOrder } from '../orders/rate-limits';
import { idempotentForAnyone } from '../http/idempotency';
import { captureOrderPeople } from '../people/store';

/** Room for ten documents of 8 MB plus the fields. */
export const orderBodyLimit = bodyLimit({
  maxSize: 10 * MAX_UPLOAD_BYTES + 1024 * 1024,
  onError: () => {
    throw new ApiError(413, 'api.tooLarge');
  },
});

async function readOrderForm(c: AppContext): Promise<OrderFormInput> {
  const data = await readFormData(c);
  return parseWith(OrderFormSchema, formToTree(data.entries()));
}

async function couponMap(c: AppContext, codes: string[]): Promise<Map<string, CouponRow>> {
  if (codes.length === 0) return new Map();
  const rows = await c
    .get('deps')
    .database.db.select()
    .from(coupons)
    .where(inArray(coupons.code, codes.map((code) => code.toUpperCase())));
  return new Map(rows.map((r) => [r.code, { code: r.code, amount: r.amount, blocked: r.blocked }]));
}

/**
 * Spec §5: an order placed at a kiosk that requires identity documents holds at least one once
 * written, whoever edits it, and so does whatever such a kiosk writes (orders/order-medias.ts,
 * `orderDocumentsRequired`; domain/order-documents.ts). Checked on the form before any upload is
 * stored or anything is written; the documents of `editing` the form does not delete stay and
 * count. A public kiosk's customer may instead say they will show it at the desk (`id_at_desk`,
 * kept by the order's edits); from anyone else that is a 422 on `id_at_desk`. Answers whether the
 * rule holds, for the write to count again under the order's lock.
 */
async function assertFormDocuments(c: AppContext, form: OrderFormInput, editing?: OrderRow): Promise<boolean> {
  const { db } = c.get('deps').database;
  const totem = c.get('auth')?.totem;
  // "I will show it at the desk": a new order of a public kiosk only; an edit keeps the order's own.
  if (!editing && form.id_at_desk && !mayShowIdAtDesk(totem)) throw fieldError('id_at_desk', 'api.idAtDeskKioskOnly');
  const required = documentNeeded(await orderDocumentsRequired(db, editing ?? null, totem), editing ? editing.idAtDesk : form.id_at_desk);
  if (missingDocument(required, form.medias, required && editing ? await liveDocumentIds(db, editing.id) : [])) throw documentRequired();
  return required;
}

/**
 * A customer placing an order on the site accepts the terms in force (src/domain/terms.ts): 422 on
 * `terms_version` when the form has none or an older one. A kiosk's order may carry one, which is
 * recorded; a version that is not the one in force is refused from anyone.
 */
function assertTermsConsent(form: OrderFormInput, kiosk: boolean): void {
  const consent = termsConsent(form.terms_version);
  if (consent === 'accepted' || (consent === 'missing' && !termsRequired({ kiosk }))) return;
  throw fieldError('terms_version', consent === 'missing' ? 'api.termsRequired' : 'api.termsOutdated');
}

/**
 * Validates, prices and writes an order (new, or the replacement of `editing`); `documentsRequired`
 * as assertFormDocuments answered.
 */
async function placeOrder(c: AppContext, shopId: number, form: OrderFormInput, documentsRequired: boolean, editing?: OrderRow) {
  const deps = c.get('deps');
  const shop = deps.catalogue.shopById(shopId);
  if (!shop) throw notFound();
  const quote = quoteOrder({
    shop,
    form,
    fidelity: await isValidFidelityCard(c, form.fidelity_card_number),
    coupons: await couponMap(c, form.coupon_codes),
    now: deps.now(),
    locale: c.get('locale'),
  });
  // No order holds a product's stock wholesale, and online ones are counted (after the
  // form and the prices are checked: a customer correcting a typo spends nothing; the e-mail's
  // count only for an order that is placed, so retries through "sold out" spend nothing either).
  assertUnitsPerProduct(quote);
  if (!editing) await countOnlineOrder(c, form.email);
  const uploads = new Map<number, StoredUpload>();
  const files = form.medias.flatMap((m) => (m.file && m.file.size > 0 ? [m.file] : []));
  await assertUploadQuota(c, editing?.id ?? null, files, 'medias');
  const user = c.get('auth')?.user ?? null;
  const totem = c.get('auth')?.totem ?? null;
  let saved: Awaited<ReturnType<typeof saveOrder>>;
  try {
    for (const [i, media] of form.medias.entries()) {
      if (media.file && media.file.size > 0) uploads.set(i, await storeUpload(deps.uploadsDir, media.file, `medias.${i}.file`));
    }
    saved = await saveOrder(
      deps,
      {
        shop,
        quote,
        form,
        userId: editing ? editing.userId : (user?.id ?? null),
        totemId: editing ? editing.createdTotemId : (totem?.id ?? null),
        locale: c.get('locale'),
        uploads,
        editing,
        callerUserId: user?.id ?? null,
        uploadQuota: deps.uploadQuota,
        documentsRequired,
        idempotency: editing ? undefined : c.get('idempotency'),
      },
      deps.now(),
      { serialized: deps.database.driver === 'pglite' },
    );
  } catch (err) {
    // Nothing was committed: the files stored for it go. After the commit they belong to the order.
    await discardUploads(deps.uploadsDir, [...uploads.values()]);
    throw err;
  }
  const mayMail = await recordOrder(c, form.email, !!editing);
  // The skiers of a customer's own order become the account's known people.
  await captureOrderPeople(deps.database.db, user, saved.order, quote.pools.map((p) => p.customer), deps.now());
  void publishOrder(deps, editing ? 'order.changed' : 'order.created', saved.order);
  const presented = await presentSaved(deps.database.db, deps.catalogue, saved, deps.now(), {
    withMedias: form.medias.length > 0,
    edited: !!editing,
  });
  await sendOrderConfirmation(c, presented, !!editing, mayMail);
  return presented;
}

/**
 * The answer to a retry whose first run placed `orderId` and never answered (it failed after its
 * commit, or its process died): that order as it is now. While it is still confirmed, its event
 * and its confirmation go again (a second e-mail rather than none, within the recipient's daily
 * count of confirmations). Null when the order is gone.
 */
async function answerCommittedOrder(c: AppContext, orderId: number) {
  const deps = c.get('deps');
  const [order] = await deps.database.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  log().warn({ orderId }, 'order retried after its first run committed it: answering that order');
  const presented = await presentOrder(deps.database.db, deps.catalogue, order, deps.now());
  if (order.status === 'confirmed') {
    void publishOrder(deps, 'order.created', order);
    // Counted as a confirmation only: the order itself was counted when its first run checked it.
    await sendOrderConfirmation(c, presented, false, await recordOrder(c, order.email, true));
  }
  return presented;
}

export const orderRoutes = new Hono<AppEnv>()
  // A retry with the same Idempotency-Key (a lost answer) gets the first answer, not a second order.
  .post('/v1/shops/:id/orders', orderBodyLimit, idempotentForAnyone, async (c) => {
    const shopId = idParam(c);
    // A kiosk places orders for its own shop only.
    const totem = c.get('auth')?.totem;
    if (totem && totem.shopId !== shopId) throw forbidden();
    const form = await readOrderForm(c);
    assertTermsConsent(form, !!totem);
    const documentsRequired = await assertFormDocuments(c, form);
    const committed = c.get('idempotency')?.orderId;
    const answered = committed ? await answerCommittedOrder(c, committed) : null;
    return c.json({ data: answered ?? (await placeOrder(c, shopId, form, documentsRequired)) }, 201);
  })
  .get('/v1/orders', async (c) => {
    const user = requireUser(c);
    const { db } = c.get('deps').database;
    const rows = await db.select().from(orders).where(eq(orders.userId, user.id)).orderBy(desc(orders.dateFrom), desc(orders.id));
    return c.json({ data: await presentOrders(db, c.get('deps').catalogue, rows, c.get('deps').now()) });
  })
  .get('/v1/orders/search', async (c) => {
    // A kiosk searches its shop's orders (staff rules in routes/staff/orders.ts).
    if (c.get('auth')?.totem) return staffOrderSearch(c);
    const user = requireUser(c);
    const query = queryParams(c, OrderSearchQuerySchema);
    const { db } = c.get('deps').database;
    const text = query.q ? `%${query.q.replace(/[%_\\]/g, (m) => `\\${m}`)}%` : undefined;
    const rows = await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.userId, user.id),
          text ? or(ilike(orders.number, text), ilike(orders.lastName, text), ilike(orders.firstName, text)) : undefined,
          query.date ? and(eq(orders.dateFrom, query.date)) : undefined,
        ),
      )
      .orderBy(desc(orders.dateFrom))
      .limit(50);
    return c.json({ data: await presentOrders(db, c.get('deps').catalogue, rows, c.get('deps').now()) });
  })
  .get('/v1/guest/orders/:uuid', async (c) => {
    const order = await orderByUuid(c, c.req.param('uuid'));
    const { database, catalogue, now } = c.get('deps');
    return c.json({ data: await presentOrder(database.db, catalogue, order, now()) });
  })
  .get('/v1/orders/:code/export', async (c) => {
    const order = await accessibleOrder(c, c.req.param('code'));
    const { database, catalogue, now } = c.get('deps');
    const csv = exportOrderCsv(await presentOrder(database.db, catalogue, order, now()), c.get('t'), c.get('locale'));
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="order-${order.number}.csv"`,
    });
  })
  .get('/v1/orders/:id', async (c) => {
    const order = await accessibleOrder(c, c.req.param('id'));
    const { database, catalogue, now } = c.get('deps');
    return c.json({ data: await presentOrder(database.db, catalogue, order, now()) });
  })
  // Edit: the same multipart form as a new order, sent as POST with _method=PATCH.
  .post('/v1/orders/:id', orderBodyLimit, async (c) => {
    const order = await accessibleOrder(c, c.req.param('id'));
    const form = await readOrderForm(c);
    if ((form._method ?? '').toUpperCase() !== 'PATCH') throw new ApiError(422, 'api.invalidData', {}, { _method: [{ key: 'validators.required' }] });
    await assertCanChange(c, order, 'replace');
    // The order's document rule, whoever changes it; a kiosk changing it is held to the same rule as one placing it.
    const documentsRequired = await assertFormDocuments(c, form, order);
    return c.json({ data: await placeOrder(c, order.shopId, form, documentsRequired, order) });
  })
  .patch('/v1/orders/:id', async (c) => {
    const order = await accessibleOrder(c, c.req.param('id'));
    const changes = await jsonBody(c, OrderChangesSchema);
    await assertCanChange(c, order, 'change');
    const { database, catalogue, now } = c.get('deps');
    const invoice = changes.invoice ?? order.invoice;
    const fiscalCode = changes.fiscal_code ?? order.fiscalCode;
    if (invoice && !fiscalCode) {
      throw new ApiError(422, 'api.invalidData', {}, { fiscal_code: [{ key: 'validators.required' }] });
    }
    const [row] = await database.db
      .update(orders)
      .set({
        firstName: changes.first_name ?? order.firstName,
        lastName: changes.last_name ?? order.lastName,
        phone: changes.phone ?? order.phone,
        email: changes.email?.toLowerCase() ?? order.email,
        invoice,
        fiscalCode: invoice ? fiscalCode : null,
        updatedAt: now(),
      })
      .where(eq(orders.id, order.id))
      .returning();
    void publishOrder(c.get('deps'), 'order.changed', row!);
    return c.json({ data: await presentOrder(database.db, catalogue, row!, now()) });
  })
  .delete('/v1/orders/:id', async (c) => {
    const order = await accessibleOrder(c, c.req.param('id'));
    queryParams(c, CancelQuerySchema);
    await assertCanChange(c, order, 'cancel');
    const { database, catalogue, now } = c.get('deps');
    const row = await cancelOrder(c.get('deps'), order.id, now());
    void publishOrder(c.get('deps'), 'order.changed', row);
    return c.json({ data: await presentOrder(database.db, catalogue, row, now()), message: c.get('t')('api.orderCancelled') });
  });

