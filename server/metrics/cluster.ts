// `npm run start:cluster` runs the API processes with node:cluster: they share one port, and the
// primary hands each connection to a worker in turn. A scrape of GET /api/metrics lands on any one
// worker, so scraping "each process" is impossible from outside; instead the worker that takes the
// scrape asks the primary, which collects every worker's metrics over the cluster's IPC and sums
// them (prom-client's AggregatorRegistry: counters and histograms add up, the shared outbox's
// gauges take the max, process figures follow prom-client's own aggregators). One scrape, the
// whole cluster. The primary serves no HTTP itself; its own process metrics are not included.
import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { processMetrics, type Metrics, type Scrape } from './index';

const SCRAPE_REQUEST = 'rentalp:metrics:scrape';
const SCRAPE_ANSWER = 'rentalp:metrics:scraped';
/** prom-client's primary gives up on a silent worker after 5 s; the asking worker waits a little longer. */
const SCRAPE_TIMEOUT_MS = 6_000;

interface ScrapeRequest {
  type: typeof SCRAPE_REQUEST;
  id: number;
}
type ScrapeAnswer = { type: typeof SCRAPE_ANSWER; id: number } & ({ scrape: Scrape } | { error: string });

const isMessage = <T extends { type: string }>(message: unknown, type: T['type']): message is T =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;

/** The primary (scripts/start-cluster.ts): answers a worker's scrape with every worker's metrics summed. */
export function aggregateWorkerMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage<ScrapeRequest>(message, SCRAPE_REQUEST)) return;
    const answer = (result: { scrape: Scrape } | { error: string }) => {
      if (worker.isConnected()) worker.send({ type: SCRAPE_ANSWER, id: message.id, ...result } satisfies ScrapeAnswer);
    };
    aggregator.clusterMetrics().then(
      (body) => answer({ scrape: { contentType: aggregator.contentType, body } }),
      (err: Error) => answer({ error: err.message }),
    );
  });
}

/**
 * A worker: hands its registries to prom-client's cluster listener (it answers the primary's
 * collection requests) and scrapes through the primary from now on.
 */
export function scrapeThroughPrimary(metrics: Metrics): void {
  if (!cluster.isWorker || !process.send) return;
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([processMetrics(), metrics.registry]);
  let nextId = 0;
  const waiting = new Map<number, (answer: ScrapeAnswer) => void>();
  process.on('message', (message: unknown) => {
    if (isMessage<ScrapeAnswer>(message, SCRAPE_ANSWER)) waiting.get(message.id)?.(message);
  });
  metrics.scrape = () =>
    new Promise<Scrape>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the cluster primary did not answer the metrics scrape'));
      }, SCRAPE_TIMEOUT_MS);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        waiting.delete(id);
        if ('scrape' in answer) resolve(answer.scrape);
        else reject(new Error(`metrics scrape failed: ${answer.error}`));
      });
      process.send!({ type: SCRAPE_REQUEST, id } satisfies ScrapeRequest);
    });
}
