// The account's people (contract src/api/contract/people.ts): list, add, edit, delete.
// Only a logged-in customer (401 otherwise); another account's person answers 404.
import { Hono } from 'hono';
import { and, desc, eq, ne } from 'drizzle-orm';
import { MAX_PEOPLE_PER_ACCOUNT, PersonInputSchema, PersonPatchSchema, personNameKey } from '~/api/contract/people';
import { people } from '../db/schema/index';
import { isUniqueViolation } from '../db/errors';
import { notFound } from '../http/errors';
import { requireUser, type AppEnv } from '../http/context';
import { idParam, jsonBody } from '../http/validation';
import { countPeople, limitReached, nameTaken, ownPerson, presentPerson } from '../people/store';

export const peopleRoutes = new Hono<AppEnv>()
  .get('/v1/user/people', async (c) => {
    const user = requireUser(c);
    const rows = await c
      .get('deps')
      .database.db.select()
      .from(people)
      .where(eq(people.userId, user.id))
      .orderBy(desc(people.updatedAt), desc(people.id));
    return c.json({ data: rows.map(presentPerson) });
  })
  .post('/v1/user/people', async (c) => {
    const user = requireUser(c);
    const body = await jsonBody(c, PersonInputSchema);
    const { database, now } = c.get('deps');
    if ((await countPeople(database.db, user.id)) >= MAX_PEOPLE_PER_ACCOUNT) throw limitReached();
    const [row] = await database.db
      .insert(people)
      .values({
        userId: user.id,
        firstName: body.first_name,
        lastName: body.last_name,
        nameKey: personNameKey(body.first_name, body.last_name),
        height: body.height,
        weight: body.weight,
        shoeSize: body.shoe_size,
        level: body.level,
        createdAt: now(),
        updatedAt: now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw nameTaken();
    return c.json({ data: presentPerson(row) }, 201);
  })
  .patch('/v1/user/people/:id', async (c) => {
    const user = requireUser(c);
    const { database, now } = c.get('deps');
    const current = await ownPerson(database.db, user.id, idParam(c));
    const body = await jsonBody(c, PersonPatchSchema);
    const firstName = body.first_name ?? current.firstName;
    const lastName = body.last_name ?? current.lastName;
    const nameKey = personNameKey(firstName, lastName);
    const [clash] = await database.db
      .select({ id: people.id })
      .from(people)
      .where(and(eq(people.userId, user.id), eq(people.nameKey, nameKey), ne(people.id, current.id)));
    if (clash) throw nameTaken();
    try {
      const [row] = await database.db
        .update(people)
        .set({
          firstName,
          lastName,
          nameKey,
          height: body.height ?? current.height,
          weight: body.weight ?? current.weight,
          shoeSize: body.shoe_size ?? current.shoeSize,
          level: body.level ?? current.level,
          updatedAt: now(),
        })
        .where(eq(people.id, current.id))
        .returning();
      // Deleted by a parallel request meanwhile.
      if (!row) throw notFound();
      return c.json({ data: presentPerson(row) });
    } catch (err) {
      // A parallel rename to the same name won the race.
      if (isUniqueViolation(err)) throw nameTaken();
      throw err;
    }
  })
  .delete('/v1/user/people/:id', async (c) => {
    const user = requireUser(c);
    const { db } = c.get('deps').database;
    const current = await ownPerson(db, user.id, idParam(c));
    await db.delete(people).where(eq(people.id, current.id));
    return c.json({ data: { id: current.id, deleted: true } });
  });
