// The mail thread, seen from the event loop: one worker thread per process, started with the first
// mail (an idle server carries no second V8 heap), that composes every message (nodemailer's MIME
// encoding) and delivers every stored one (SMTP, or the .eml file). Under the orders load a
// confirmation's message and file cost about as much CPU as the order's own statements
// (docs/performance-log.md, "where an order's time goes"); here they run beside the requests.
//
// The thread holds no state that matters: a request it had not answered when it died is refused
// with an error (the mail, if already stored, stays in the outbox for the delivery worker's
// retries), and the next request starts a new thread.
import { Worker } from 'node:worker_threads';
import { log } from '../log';
import type { Destination, Mail, OutboxTransport } from './compose';
import type { ThreadError, ThreadReply, ThreadRequest, ThreadValue, ThreadWork } from './thread-messages';

/**
 * The bundled thread entry's path, set by scripts/launch.mjs's bundle (esbuild's `define`) for
 * `npm start`; undefined from the sources (tests, `npm run dev`), where the entry is TypeScript.
 */
declare const MAIL_THREAD_BUNDLE: string | undefined;

/** A message is a few KB and the thread keeps none: a small heap (the main one is capped too). */
const THREAD_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 4 };

function startWorker(): Worker {
  if (typeof MAIL_THREAD_BUNDLE === 'string') return new Worker(MAIL_THREAD_BUNDLE, { resourceLimits: THREAD_RESOURCE_LIMITS });
  return new Worker(new URL('./thread-from-source.mjs', import.meta.url), {
    workerData: { entry: new URL('./thread-entry.ts', import.meta.url).href },
    resourceLimits: THREAD_RESOURCE_LIMITS,
  });
}

function asError(error: ThreadError): Error {
  return Object.assign(new Error(error.message), { name: error.name, code: error.code, responseCode: error.responseCode });
}

class MailThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: ThreadValue): void; reject(err: Error): void }>();
  /** The thread that answered last: tests read it to see the work left the event loop's thread. */
  lastThreadId: number | null = null;

  compose(mail: Mail): Promise<string> {
    return this.request({ kind: 'compose', mail }) as Promise<string>;
  }

  /**
   * A transport for the outbox whose deliveries run on the thread: a group in one message, so a
   * request's confirmation is not delivered between other requests' compositions.
   */
  transportTo(destination: Destination): OutboxTransport {
    return {
      deliverAll: async (mails) => {
        const outcomes = (await this.request({ kind: 'deliver', destination, mails })) as (ThreadError | null)[];
        return outcomes.map((outcome) => (outcome ? asError(outcome) : null));
      },
    };
  }

  /** Ends the thread now; what it had not answered is refused. The next request starts another. */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.stopped(worker, new Error('mail thread stopped'));
    await worker.terminate();
  }

  private request(work: ThreadWork): Promise<ThreadValue> {
    const worker = (this.worker ??= this.started());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // Held open while it owes an answer (a command that sends one mail and exits), not while idle.
      if (this.pending.size === 0) worker.ref();
      this.pending.set(id, { resolve, reject });
      try {
        worker.postMessage({ id, ...work } satisfies ThreadRequest);
      } catch (err) {
        // A mail that cannot be copied to the thread (nothing the callers send today) is refused alone.
        this.settled(worker, id);
        reject(err as Error);
      }
    });
  }

  /** Forgets an answered request; the thread no longer holds the process open once it owes nothing. */
  private settled(worker: Worker, id: number) {
    this.pending.delete(id);
    if (this.pending.size === 0) worker.unref();
  }

  private started(): Worker {
    const worker = startWorker();
    worker.on('message', (reply: ThreadReply) => this.answered(worker, reply));
    worker.on('error', (err) => this.stopped(worker, err));
    worker.on('exit', (code) => this.stopped(worker, new Error(`mail thread exited (code ${code})`)));
    worker.unref();
    return worker;
  }

  private answered(worker: Worker, reply: ThreadReply) {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.settled(worker, reply.id);
    this.lastThreadId = reply.threadId;
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(asError(reply.error));
  }

  private stopped(worker: Worker, err: Error) {
    if (this.worker !== worker) return;
    this.worker = null;
    if (this.pending.size > 0) log().warn({ err, unanswered: this.pending.size }, 'mail thread ended with requests unanswered: stored mails are retried by the outbox');
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
  }
}

/** This process's mail thread. */
export const mailThread = new MailThread();
