// Graceful stop: on SIGTERM the server stops accepting connections, lets the requests it is
// serving finish (at most SHUTDOWN_DRAIN_MS), and answers any new request that still arrives on
// an open connection 503 with `Connection: close`, so a load balancer or a client retries on
// another process. Only then are the database and the rest closed (server/main.ts).
import type { MiddlewareHandler } from 'hono';
import { localeFromHeader, translator } from './locale';

/** Longest wait for in-flight requests after SIGTERM: an order's write takes milliseconds, an upload seconds. */
export const SHUTDOWN_DRAIN_MS = 10_000;
/** Seconds a client refused during the drain is told to wait: another process, or this one restarted. */
const DRAINING_RETRY_AFTER_S = 5;
const SERVICE_UNAVAILABLE = 503;

export class Drain {
  private draining = false;
  private inFlight = 0;
  private readonly idleWaiters = new Set<() => void>();

  /** Counts the requests in flight; refuses new ones once the drain has started. */
  readonly middleware: MiddlewareHandler = async (c, next) => {
    if (this.draining) {
      const t = translator(localeFromHeader(c.req.header('content-language')));
      return c.json({ message: t('api.stopping') }, SERVICE_UNAVAILABLE, {
        connection: 'close',
        'retry-after': String(DRAINING_RETRY_AFTER_S),
      });
    }
    this.inFlight++;
    try {
      await next();
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) for (const resolve of this.idleWaiters) resolve();
    }
  };

  get isDraining(): boolean {
    return this.draining;
  }

  get requestsInFlight(): number {
    return this.inFlight;
  }

  /** Starts refusing new requests; resolves true once none is in flight, false after `timeoutMs`. */
  async drain(timeoutMs = SHUTDOWN_DRAIN_MS): Promise<boolean> {
    this.draining = true;
    if (this.inFlight === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    let onIdle: (() => void) | undefined;
    const idle = new Promise<boolean>((resolve) => {
      onIdle = () => resolve(true);
      this.idleWaiters.add(onIdle);
    });
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([idle, timeout]);
    } finally {
      clearTimeout(timer);
      this.idleWaiters.delete(onIdle!);
    }
  }
}
