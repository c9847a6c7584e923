import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { HealthResponseSchema, LivenessResponseSchema, ReadinessResponseSchema } from '~/api/contract/health';
import type { AppEnv } from '../http/context';
import { readiness } from '../db/readiness';

const SERVICE_UNAVAILABLE = 503;

export const healthRoutes = new Hono<AppEnv>()
  .get('/health', async (c) => {
    const { database } = c.get('deps');
    // A round trip to the database, so health means "can serve", not just "process alive".
    await database.db.execute(sql`select 1`);
    const answer: z.input<typeof HealthResponseSchema> = { data: { status: 'ok', database: database.driver } };
    return c.json(answer);
  })
  // Liveness: the process answers. Nothing else is checked, so a database outage never gets the
  // process restarted (it would come back to the same outage).
  .get('/health/live', (c) => {
    const answer: z.input<typeof LivenessResponseSchema> = { data: { status: 'ok' } };
    return c.json(answer);
  })
  // Readiness: worth sending traffic to. 503 while the database does not answer or the schema is
  // behind the code (a deploy whose migrations have not run).
  .get('/health/ready', async (c) => {
    const state = await readiness(c.get('deps').database);
    const answer: z.input<typeof ReadinessResponseSchema> = { data: state };
    return c.json(answer, state.status === 'ready' ? 200 : SERVICE_UNAVAILABLE);
  });
