import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { HealthResponseSchema } from '../../src/api/contract/health';
import type { AppEnv } from '../http/context';

export const healthRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  const { database } = c.get('deps');
  // A round trip to the database, so health means "can serve", not just "process alive".
  await database.db.execute(sql`select 1`);
  const answer: z.input<typeof HealthResponseSchema> = { data: { status: 'ok', database: database.driver } };
  return c.json(answer);
});
