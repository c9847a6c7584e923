// The API's health. GET /api/health: answered after a round trip to the database, so "ok" means
// "can serve" (kept for its callers). GET /api/health/live: the process answers (a restart cures
// nothing else). GET /api/health/ready: the database answers and every migration this code knows
// is applied, so a load balancer may send traffic; 503 with the same body otherwise.
import * as z from 'zod/mini';

export const HealthResponseSchema = z.object({
  data: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
});

export const LivenessResponseSchema = z.object({ data: z.object({ status: z.literal('ok') }) });

export const ReadinessResponseSchema = z.object({
  data: z.object({
    status: z.enum(['ready', 'not_ready']),
    /** `unreachable`: no answer in time, or an error. */
    database: z.enum(['ok', 'unreachable']),
    /** `unknown` while the database does not answer. */
    migrations: z.enum(['applied', 'pending', 'unknown']),
  }),
});
