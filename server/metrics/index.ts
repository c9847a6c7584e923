// What the API measures, in Prometheus's text format (prom-client), served at GET /api/metrics
// (route.ts, closed to the public: access.ts). Each app has its own registry, made by createDeps, so
// the tests' many apps in one process never share or collide on a metric; the process's own figures
// (event-loop lag, heap, RSS, GC: prom-client's default metrics) are one set per process, merged in
// at each scrape. Figures that are state (the database's pool and queue, the mail outbox) are read
// when scraped; events (requests, orders, payments, replays, mail failures) are counted as they happen.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';

/** Request latency buckets, in seconds: from a memory read (ms) to a stuck request (PGlite's 10 s queue timeout). */
const HTTP_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The embedded database's queue waits, in seconds, up to its timeout. */
const QUEUE_BUCKETS_S = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10];

/** The mail outbox's figures, read at each scrape (server/mail/outbox.ts's outboxStats). */
export interface OutboxCounts {
  /** Mails stored and not sent yet (retries included). */
  pending: number;
  /** Mails given up after their bounded retries (or refused for good by the SMTP server). */
  failed: number;
  /** Age of the oldest mail still waiting, in seconds; null when none waits. */
  oldestPendingSeconds: number | null;
}

export interface MetricSources {
  database: Database;
  /** The mail outbox, asked at each scrape. */
  mailOutbox: () => Promise<OutboxCounts>;
}

/** How the order was placed: by a customer's browser, or by a shop's kiosk (staff at the counter). */
export type OrderChannel = 'online' | 'kiosk';
const CHANNELS: readonly OrderChannel[] = ['online', 'kiosk'];

export interface Metrics {
  /** This app's metrics (the process's are merged in by `scrape`). */
  readonly registry: Registry;
  readonly http: { requests: Counter<'method' | 'route' | 'status'>; duration: Histogram<'method' | 'route' | 'status'> };
  readonly ordersPlaced: Counter<'channel'>;
  readonly ordersRefused: Counter<'channel' | 'reason'>;
  readonly paymentsRecorded: Counter<'method'>;
  /** Stripe refunds of money an order did not get: `refunded`, or `failed` (left to refund by hand). */
  readonly paymentRefunds: Counter<'outcome'>;
  readonly idempotentReplays: Counter<'route'>;
  /** The text a scrape answers, with its content type. Replaced in a cluster's worker (cluster.ts). */
  scrape: () => Promise<Scrape>;
}

export interface Scrape {
  contentType: string;
  body: string;
}

let processRegistry: Registry | undefined;

/**
 * The process's default metrics, registered once per process: prom-client's collectors install
 * process-wide hooks (an event-loop delay monitor, a GC observer) that a second call would duplicate.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const labelsOf = ['method', 'route', 'status'] as const;
  const metrics: Metrics = {
    registry,
    http: {
      requests: new Counter({ name: 'http_requests_total', help: 'API requests answered, by route pattern and status', labelNames: labelsOf, registers }),
      duration: new Histogram({
        name: 'http_request_duration_seconds',
        help: 'Time to answer an API request (until its headers are ready), by route pattern and status',
        labelNames: labelsOf,
        buckets: HTTP_BUCKETS_S,
        registers,
      }),
    },
    ordersPlaced: new Counter({ name: 'rentalp_orders_placed_total', help: 'New orders written (201), by channel', labelNames: ['channel'], registers }),
    ordersRefused: new Counter({
      name: 'rentalp_orders_refused_total',
      help: 'New orders refused, by channel and reason (validation, out_of_stock, out_of_season, rate_limited, …)',
      labelNames: ['channel', 'reason'],
      registers,
    }),
    paymentsRecorded: new Counter({ name: 'rentalp_payments_recorded_total', help: 'Orders marked paid, by method (online, kiosk)', labelNames: ['method'], registers }),
    paymentRefunds: new Counter({
      name: 'rentalp_payment_refunds_total',
      help: 'Online payments an order did not get (paid late, twice, for a changed or cancelled order), by refund outcome (refunded, failed)',
      labelNames: ['outcome'],
      registers,
    }),
    idempotentReplays: new Counter({
      name: 'rentalp_idempotent_replays_total',
      help: 'Requests answered from a stored first answer (Idempotency-Key retries: kiosk confirmations, orders), by route pattern',
      labelNames: ['route'],
      registers,
    }),
    scrape: async () => {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
  // Present from the first scrape at 0, so a rate over the first event is not lost.
  for (const channel of CHANNELS) {
    metrics.ordersPlaced.inc({ channel }, 0);
    metrics.paymentsRecorded.inc({ method: channel }, 0);
  }
  for (const outcome of ['refunded', 'failed']) metrics.paymentRefunds.inc({ outcome }, 0);
  databaseMetrics(registry, sources.database);
  outboxMetrics(registry, sources.mailOutbox);
  return metrics;
}

/**
 * The mail outbox's gauges, each read at the scrape (one small grouped query). Every process of a
 * cluster reads the same table: its figure once, not summed (aggregator 'max').
 */
function outboxMetrics(registry: Registry, read: () => Promise<OutboxCounts>): void {
  const gauges: [string, string, (c: OutboxCounts) => number][] = [
    ['rentalp_mail_outbox_waiting', 'Mails stored and not sent yet (retries included)', (c) => c.pending],
    ['rentalp_mail_outbox_failed', 'Mails given up: their retries ran out, or the SMTP server refused them for good', (c) => c.failed],
    ['rentalp_mail_outbox_oldest_waiting_seconds', 'Age of the oldest mail not sent yet (0: none waits)', (c) => c.oldestPendingSeconds ?? 0],
  ];
  for (const [name, help, figure] of gauges) {
    new Gauge({
      name,
      help,
      registers: [registry],
      aggregator: 'max',
      async collect() {
        this.set(figure(await read()));
      },
    });
  }
}

/** The pool's connections (PostgreSQL) or the embedded database's queue (PGlite). */
function databaseMetrics(registry: Registry, database: Database): void {
  const registers = [registry];
  const { pool, queue } = database;
  if (pool) {
    const counts = { total: 'totalCount', idle: 'idleCount', waiting: 'waitingCount' } as const;
    const help = { total: 'PostgreSQL connections open in this process’s pool', idle: 'of which idle', waiting: 'Queries waiting for a pool connection' };
    for (const [name, field] of Object.entries(counts) as [keyof typeof counts, (typeof counts)[keyof typeof counts]][]) {
      new Gauge({
        name: `rentalp_pg_pool_${name}`,
        help: help[name],
        registers,
        collect() {
          this.set(pool[field]);
        },
      });
    }
  }
  if (queue) {
    new Gauge({
      name: 'rentalp_pglite_queue_waiting',
      help: 'Queries waiting for their turn on the embedded database',
      registers,
      collect() {
        this.set(queue.length);
      },
    });
    const waits = new Histogram({
      name: 'rentalp_pglite_queue_wait_seconds',
      help: 'How long a query waited for its turn on the embedded database (a turn at once: 0)',
      buckets: QUEUE_BUCKETS_S,
      registers,
    });
    const timeouts = new Counter({
      name: 'rentalp_pglite_queue_timeouts_total',
      help: 'Queries that gave up waiting (their request answered 503 busy)',
      registers,
    });
    queue.watch((waitedMs, outcome) => {
      if (outcome === 'timeout') timeouts.inc();
      else waits.observe(waitedMs / 1000);
    });
  }
}
