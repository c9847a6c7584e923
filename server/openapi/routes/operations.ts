// What runs the API watches: health, liveness, readiness and metrics (server/routes/health.ts,
// server/metrics/route.ts).
import { HealthResponseSchema, LivenessResponseSchema, ReadinessResponseSchema } from '~/api/contract/health';
import { json, raw, tagged } from '../operation';

export const operationsOperations = tagged('Operations', [
  {
    method: 'get',
    path: '/health',
    summary: 'Health',
    description: 'After a round trip to the database: "ok" means the API can serve.',
    caller: { kind: 'anyone' },
    reply: { status: 200, description: 'Up.', body: json(HealthResponseSchema, { data: { status: 'ok', database: 'pglite' } }) },
  },
  {
    method: 'get',
    path: '/health/live',
    summary: 'Liveness',
    description: 'The process answers; nothing else is checked, so a database outage never gets it restarted.',
    caller: { kind: 'anyone' },
    reply: { status: 200, description: 'Alive.', body: json(LivenessResponseSchema, { data: { status: 'ok' } }) },
  },
  {
    method: 'get',
    path: '/health/ready',
    summary: 'Readiness',
    description: 'Worth sending traffic to: the database answers within seconds and every migration the code ships is applied.',
    caller: { kind: 'anyone' },
    reply: { status: 200, description: 'Ready.', body: json(ReadinessResponseSchema, { data: { status: 'ready', database: 'ok', migrations: 'applied' } }) },
    otherReplies: [
      {
        status: 503,
        description: 'Not ready: the database does not answer, or migrations are pending.',
        body: json(ReadinessResponseSchema, { data: { status: 'not_ready', database: 'ok', migrations: 'pending' } }),
      },
    ],
  },
  {
    method: 'get',
    path: '/metrics',
    summary: 'Metrics (Prometheus text format)',
    description: 'Requests by route and status with their latency, the database pool, the mail outbox and the business events.',
    caller: { kind: 'metrics-scraper' },
    reply: {
      status: 200,
      description: 'The metrics.',
      body: raw('text/plain', '# TYPE http_requests_total counter\nhttp_requests_total{method="GET",route="/api/v1/shops/:id",status="200"} 42\n'),
    },
  },
]);
