// GET /api/health: answered after a round trip to the database, so "ok" means "can serve".
import * as z from 'zod/mini';

export const HealthResponseSchema = z.object({
  data: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
});
