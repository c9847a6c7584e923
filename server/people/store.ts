// The account's people: presentation, lookups held to the owner, and the capture of an
// order's skiers. A person of another account is "not found", never "forbidden": ids reveal nothing.
import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { MAX_PEOPLE_PER_ACCOUNT, PersonInputSchema, personNameKey, type PersonSchema } from '~/api/contract/people';
import type { CustomerInput } from '~/api/contract/order-form';
import type { Db } from '../db/client';
import { people } from '../db/schema/index';
import { ApiError, fieldError, notFound } from '../http/errors';
import { log } from '../log';

export type PersonRow = typeof people.$inferSelect;

export function presentPerson(row: PersonRow): z.input<typeof PersonSchema> {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    height: row.height,
    weight: row.weight,
    shoe_size: row.shoeSize,
    level: row.level,
  };
}

export async function ownPerson(db: Db, userId: number, id: number): Promise<PersonRow> {
  const [row] = await db.select().from(people).where(and(eq(people.id, id), eq(people.userId, userId)));
  if (!row) throw notFound();
  return row;
}

export async function countPeople(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(people).where(eq(people.userId, userId));
  return Number(row?.n ?? 0);
}

export const limitReached = () => new ApiError(422, 'api.peopleLimit', { max: MAX_PEOPLE_PER_ACCOUNT }, { _: [{ key: 'api.peopleLimit', params: { max: MAX_PEOPLE_PER_ACCOUNT } }] });
export const nameTaken = () => fieldError('first_name', 'api.personExists');

/**
 * Remembers the skiers of an order placed or edited by a logged-in customer: a complete, valid
 * customer (all fields, within the bounds) updates the known person of the same name or becomes a
 * new one while the account has room. Anything incomplete is skipped, never refused: the order
 * is already saved and is what matters.
 */
export async function rememberPeople(db: Db, userId: number, customers: (CustomerInput | null)[], now: Date): Promise<void> {
  // Dedupe by name within the order too: the last line of a name carries its latest measures.
  const byKey = new Map<string, ReturnType<typeof PersonInputSchema.parse>>();
  for (const customer of customers) {
    const parsed = customer ? PersonInputSchema.safeParse(customer) : null;
    if (!parsed?.success) continue;
    byKey.set(personNameKey(parsed.data.first_name, parsed.data.last_name), parsed.data);
  }
  if (byKey.size === 0) return;
  const known = new Set(
    (await db.select({ key: people.nameKey }).from(people).where(eq(people.userId, userId))).map((r) => r.key),
  );
  let room = MAX_PEOPLE_PER_ACCOUNT - known.size;
  for (const [nameKey, p] of byKey) {
    const measures = { height: p.height, weight: p.weight, shoeSize: p.shoe_size, level: p.level, updatedAt: now };
    if (known.has(nameKey)) {
      await db.update(people).set(measures).where(and(eq(people.userId, userId), eq(people.nameKey, nameKey)));
    } else if (room > 0) {
      room--;
      // A parallel request may have added the same name meanwhile: then its measures are updated.
      await db
        .insert(people)
        .values({ userId, nameKey, firstName: p.first_name, lastName: p.last_name, ...measures, createdAt: now })
        .onConflictDoUpdate({ target: [people.userId, people.nameKey], set: measures });
    }
  }
}

/**
 * After an order is saved: a logged-in customer's own order (placed or edited by them) teaches the
 * account its skiers. Runs after the commit, so a failure here is logged and never fails the
 * order that was already written (nor discards its uploads).
 */
export async function captureOrderPeople(
  db: Db,
  caller: { id: number } | null,
  order: { userId: number | null },
  customers: (CustomerInput | null)[],
  now: Date,
): Promise<void> {
  if (!caller || order.userId !== caller.id) return;
  try {
    await rememberPeople(db, caller.id, customers, now);
  } catch (err) {
    log().error({ err }, 'people: could not remember the skiers of an order');
  }
}
