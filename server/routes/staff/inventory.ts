// Inventory (admin totems): the shop's units, one unit with its history and problems,
// unlocking a unit once its problem is fixed, and the problems reported on a unit.
import { Hono } from 'hono';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { ProblemRequestSchema, SpecificProductsQuerySchema, type UnitDetailSchema } from '~/api/contract/inventory';
import { todayInRome } from '~/domain/dates';
import { products, specificProductProblems, specificProducts } from '~server/db/schema/index';
import { notFound } from '~server/http/errors';
import type { AppContext, AppEnv, AuthTotem } from '~server/http/context';
import { idParam, jsonBody, queryParams } from '~server/http/validation';
import { extras, inventory, presentProblem, unitHistory } from '~server/staff/inventory';
import { requireTotem, shopOrder, TotemLevel } from '~server/staff/permissions';

/** A unit of the totem's shop, by internal code or by id; 404 for another shop's. */
async function shopUnit(c: AppContext, totem: AuthTotem, by: 'code' | 'id') {
  const { db } = c.get('deps').database;
  const where = by === 'id' ? eq(specificProducts.id, idParam(c)) : eq(specificProducts.internalCode, (c.req.param('code') ?? '').toUpperCase().slice(0, 64));
  const [row] = await db
    .select({ unit: specificProducts })
    .from(specificProducts)
    .innerJoin(products, eq(products.id, specificProducts.productId))
    .where(and(where, eq(products.shopId, totem.shopId)));
  if (!row) throw notFound();
  return row.unit;
}

async function presentOne(c: AppContext, totem: AuthTotem, unitId: number): Promise<z.input<typeof UnitDetailSchema>> {
  const { database, now } = c.get('deps');
  const [item] = await inventory(database.db, totem.shopId, { ids: [unitId] }, c.get('locale'), todayInRome(now()));
  const problems = await database.db
    .select()
    .from(specificProductProblems)
    .where(and(eq(specificProductProblems.specificProductId, unitId), isNull(specificProductProblems.resolvedAt)))
    .orderBy(desc(specificProductProblems.id));
  return { ...item!, open_problems: problems.map(presentProblem), history: await unitHistory(database.db, unitId) };
}

export const inventoryRoutes = new Hono<AppEnv>()
  .get('/v1/specific_products', async (c) => {
    const totem = requireTotem(c, TotemLevel.ADMIN);
    const query = queryParams(c, SpecificProductsQuerySchema);
    const { database, now } = c.get('deps');
    if (query.order_id !== undefined) await shopOrder(c, totem, String(query.order_id));
    if (query.extra === '1') return c.json({ data: await extras(database.db, totem.shopId, query.order_id) });
    const items = await inventory(database.db, totem.shopId, { productId: query.product_id, q: query.q }, c.get('locale'), todayInRome(now()));
    return c.json({
      data: items.filter((i) => (!query.status || i.status === query.status) && (query.order_id === undefined || i.out?.order_id === query.order_id)),
    });
  })
  .get('/v1/specific_products/:code', async (c) => {
    const totem = requireTotem(c, TotemLevel.ADMIN);
    const unit = await shopUnit(c, totem, 'code');
    return c.json({ data: await presentOne(c, totem, unit.id) });
  })
  // The problem is fixed: the unit can go out again; its open problems are marked resolved.
  .post('/v1/specific_products/:code/unlock', async (c) => {
    const totem = requireTotem(c, TotemLevel.ADMIN);
    const unit = await shopUnit(c, totem, 'code');
    const { database, now } = c.get('deps');
    await database.db.transaction(async (tx) => {
      await tx.update(specificProducts).set({ locked: false }).where(eq(specificProducts.id, unit.id));
      await tx
        .update(specificProductProblems)
        .set({ resolvedAt: now() })
        .where(and(eq(specificProductProblems.specificProductId, unit.id), isNull(specificProductProblems.resolvedAt)));
    });
    return c.json({ data: await presentOne(c, totem, unit.id) });
  })
  .get('/v1/specific_products/:id/specific_product_problems', async (c) => {
    const totem = requireTotem(c, TotemLevel.ADMIN);
    const unit = await shopUnit(c, totem, 'id');
    const rows = await c
      .get('deps')
      .database.db.select()
      .from(specificProductProblems)
      .where(eq(specificProductProblems.specificProductId, unit.id))
      .orderBy(desc(specificProductProblems.id));
    return c.json({ data: rows.map(presentProblem) });
  })
  // Report a problem found in the shop: the unit is locked (cannot go out) until unlocked.
  .post('/v1/specific_products/:id/specific_product_problems', async (c) => {
    const totem = requireTotem(c, TotemLevel.ADMIN);
    const unit = await shopUnit(c, totem, 'id');
    const { description } = await jsonBody(c, ProblemRequestSchema);
    const { database } = c.get('deps');
    const row = await database.db.transaction(async (tx) => {
      const [problem] = await tx.insert(specificProductProblems).values({ specificProductId: unit.id, totemId: totem.id, description }).returning();
      await tx.update(specificProducts).set({ locked: true }).where(eq(specificProducts.id, unit.id));
      return problem!;
    });
    return c.json({ data: presentProblem(row) }, 201);
  });
