import { eq } from 'drizzle-orm';
import type { Auth, AppDeps } from '../http/context';
import { totems, users } from '../db/schema/index';
import { findToken } from './tokens';

/**
 * Who is calling. A missing or unknown token means a guest: public paths serve guests, and
 * protected paths answer 401 through `requireUser`.
 */
export async function resolveAuth(deps: AppDeps, header: string | undefined): Promise<Auth | null> {
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header ?? '');
  if (!match) return null;
  const token = match[1]!;
  const row = await findToken(deps.database.db, token, deps.now());
  if (!row) return null;
  const user = row.userId
    ? ((await deps.database.db.select().from(users).where(eq(users.id, row.userId)))[0] ?? null)
    : null;
  const totem = row.totemId
    ? ((await deps.database.db.select().from(totems).where(eq(totems.id, row.totemId)))[0] ?? null)
    : null;
  if (!user && !totem) return null;
  return { token, user, totem };
}
