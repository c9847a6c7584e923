// Opaque bearer tokens: random, returned once, stored only as a SHA-256 hash, expiring.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sha256Hex } from './sha256';
import { tokens } from '../db/schema/index';

export const TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export async function issueToken(
  db: Db,
  owner: { userId?: number; totemId?: number },
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(tokens).values({
    tokenHash: sha256Hex(token),
    userId: owner.userId ?? null,
    totemId: owner.totemId ?? null,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
  });
  // Expired tokens are useless; clearing them here keeps the table small without a cron job.
  await db.delete(tokens).where(lt(tokens.expiresAt, now));
  return token;
}

export async function findToken(db: Db, token: string, now = new Date()) {
  const [row] = await db
    .select()
    .from(tokens)
    .where(and(eq(tokens.tokenHash, sha256Hex(token)), gt(tokens.expiresAt, now)));
  return row ?? null;
}

export async function revokeToken(db: Db, token: string): Promise<void> {
  await db.delete(tokens).where(eq(tokens.tokenHash, sha256Hex(token)));
}
