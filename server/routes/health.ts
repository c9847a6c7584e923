import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { AppEnv } from '../app';

export const healthRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  const { database } = c.get('deps');
  // A round trip to the database, so health means "can serve", not just "process alive".
  await database.db.execute(sql`select 1`);
  return c.json({ data: { status: 'ok', database: database.driver } });
});
