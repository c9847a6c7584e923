// The kiosk's outbox: deliveries, pickups and their resets confirmed by staff reach the
// API exactly once, whatever the shop's connection does. Each confirmation is written to the
// kiosk's storage with its own Idempotency-Key before its first try; a try that gets no answer (or
// a "not now") leaves it queued and marks the API unreachable; queued confirmations are sent again,
// oldest first, as soon as the API answers (a health check while offline, the browser's `online`
// event, every page load). The server returns the first answer to a retry with the same key, so a
// confirmation that landed but whose answer was lost hands nothing out twice. What the API refuses
// on a replay (a unit handed out meanwhile by another desk) stays listed for staff to resolve.
import { atom } from 'nanostores';
import type { OutboxKind } from '~/domain/kiosk-pending';
import { OutboxSchema, type OutboxEntry } from './outbox-storage';
import { ApiClientError } from '~/api/client';
import { checkHealth, postConfirmation } from '~/api/outbox';
import { loadApi } from '~/stores/api-loader';
import { backoffDelay, failureKind } from '~/domain/retry';
import { KIOSK_OUTBOX_KEY } from './storage-keys';
import { persistentValidated } from '~/stores/persisted';
import { afterDelay, type Schedule } from '~/stores/schedule';

/** While offline: look for the API after 2 s, doubling to 30 s. */
export const OUTBOX_RETRY_FIRST_MS = 2000;
export const OUTBOX_RETRY_MAX_MS = 30_000;
/**
 * A try that gets no answer in this long counts as no answer: on a half-open shop Wi-Fi a request
 * can hang for minutes, holding every later confirmation behind it. The key makes the retry safe.
 */
export const OUTBOX_REQUEST_TIMEOUT_MS = 15_000;

export type SendOutcome<T> =
  | { status: 'sent'; data: T }
  /** Kept and retried; the banner says so. Whatever staff typed is safe. */
  | { status: 'queued' }
  /** The API judged it (422, 404, 410…): show its message where staff are looking. */
  | { status: 'refused'; message: string; errors: Record<string, string[]> };

const statusOf = (err: unknown): number | null => (err instanceof ApiClientError ? err.status : null);

export interface OutboxOptions {
  /** How long a try waits for an answer (OUTBOX_REQUEST_TIMEOUT_MS; a test shortens it). */
  requestTimeoutMs?: number;
  /** Arms the next try while offline (setTimeout; a test clears what it left armed). */
  schedule?: Schedule;
}

/**
 * The kiosk's outbox: the queue (in storage), whether the API answers, and what sends them, with
 * its timer and the flush under way. The kiosk pages have one (below); a test makes its own.
 */
export function createOutbox({ requestTimeoutMs = OUTBOX_REQUEST_TIMEOUT_MS, schedule = afterDelay }: OutboxOptions = {}) {
  const $outbox = persistentValidated(KIOSK_OUTBOX_KEY, OutboxSchema, () => []);
  /** True from a try that got no answer until the API answers again: the banner on every kiosk page. */
  const $apiUnreachable = atom(false);
  let cancelRetry: (() => void) | undefined;
  let attempt = 0;
  let flushing: Promise<void> | null = null;
  let started = false;

  function replace(key: string, change: ((entry: OutboxEntry) => OutboxEntry) | null): void {
    $outbox.set($outbox.get().flatMap((entry) => (entry.key !== key ? [entry] : change ? [change(entry)] : [])));
  }

  async function post(entry: OutboxEntry): Promise<unknown> {
    return postConfirmation(await loadApi(), entry.path, entry.body, entry.key, AbortSignal.timeout(requestTimeoutMs));
  }

  function scheduleFlush(): void {
    cancelRetry?.();
    cancelRetry = schedule(backoffDelay(attempt++, OUTBOX_RETRY_FIRST_MS, OUTBOX_RETRY_MAX_MS), () => void flushOutbox());
  }

  function reachable(): void {
    attempt = 0;
    $apiUnreachable.set(false);
  }

  /**
   * Sends a confirmation now, keeping it until the API answered. `parse` checks the answer against
   * the contract. Resolves `sent` with the answer, `queued` when the API could not be reached (it
   * will be sent by itself), or `refused` with the API's message and field errors.
   */
  async function sendConfirmation<T>(kind: OutboxKind, path: string, body: unknown, ref: string, parse: (data: unknown) => T): Promise<SendOutcome<T>> {
    const entry: OutboxEntry = { key: crypto.randomUUID(), kind, path, body, ref, createdAt: new Date().toISOString(), attempts: 1, state: 'pending', error: null };
    // Queued ones go first: a hand-out confirmed offline must land before this one is judged.
    const waiting = $outbox.get().some((e) => e.state === 'pending');
    $outbox.set([...$outbox.get(), entry]);
    if (waiting || $apiUnreachable.get()) {
      void flushOutbox();
      return { status: 'queued' };
    }
    try {
      const data = parse(await post(entry));
      replace(entry.key, null);
      reachable();
      return { status: 'sent', data };
    } catch (err) {
      if (failureKind(statusOf(err)) === 'retry') {
        if (statusOf(err) === null) $apiUnreachable.set(true);
        scheduleFlush();
        return { status: 'queued' };
      }
      // Judged while staff are at it: they see it next to what they typed; nothing to keep.
      replace(entry.key, null);
      reachable();
      const apiError = err as ApiClientError;
      return { status: 'refused', message: apiError.message, errors: apiError.errors ?? {} };
    }
  }

  /** Listeners told when a queued confirmation finally lands (the screens refresh what they show). */
  const landed = new Set<(entry: OutboxEntry, data: unknown) => void>();
  function onConfirmationLanded(listener: (entry: OutboxEntry, data: unknown) => void): () => void {
    landed.add(listener);
    return () => landed.delete(listener);
  }

  /** While unreachable with nothing queued: ask the API's health whether it answers again. */
  async function probe(): Promise<void> {
    try {
      await checkHealth(await loadApi(), AbortSignal.timeout(requestTimeoutMs));
      reachable();
    } catch (err) {
      if (statusOf(err) === null) scheduleFlush();
      else reachable();
    }
  }

  async function flushOnce(): Promise<void> {
    if ($apiUnreachable.get() && !$outbox.get().some((e) => e.state === 'pending')) {
      await probe();
      // A confirmation queued while the probe was out (it joined this flush) goes once the API answers.
      if ($apiUnreachable.get() || !$outbox.get().some((e) => e.state === 'pending')) return;
    }
    for (const entry of $outbox.get()) {
      if (entry.state !== 'pending') continue;
      replace(entry.key, (e) => ({ ...e, attempts: e.attempts + 1 }));
      try {
        const data = await post(entry);
        replace(entry.key, null);
        reachable();
        for (const listener of landed) listener(entry, data);
      } catch (err) {
        const status = statusOf(err);
        if (failureKind(status) === 'retry') {
          if (status === null) $apiUnreachable.set(true);
          scheduleFlush();
          return;
        }
        // Refused on a replay (an answer, so the API is back): kept, with its words, until resolved.
        reachable();
        const apiError = err as ApiClientError;
        replace(entry.key, (e) => ({ ...e, state: 'refused', error: { message: apiError.message, errors: apiError.errors ?? {} } }));
      }
    }
  }

  /** Sends every queued confirmation, oldest first; one flush at a time. */
  function flushOutbox(): Promise<void> {
    flushing ??= flushOnce().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  /** Staff resolved a refused confirmation (or gave it up): it leaves the list. */
  function dismissOutboxEntry(key: string): void {
    replace(key, null);
  }

  /**
   * A read of the API got no answer: the kiosk's banner says the server cannot be reached, and the
   * outbox looks for it (its health probe, backing off) until it answers; `$apiUnreachable` turning
   * false is then the screens' signal to read again (whenLineBack).
   */
  function lineLost(): void {
    $apiUnreachable.set(true);
    void flushOutbox();
  }

  /** Calls `read` each time the API answers again after an outage. Returns the stop function. */
  function whenLineBack(read: () => void): () => void {
    return $apiUnreachable.listen((unreachable) => {
      if (!unreachable) read();
    });
  }

  /** On every kiosk page: send what a previous page left queued, and again when the line is back. */
  function startOutbox(): void {
    if (started || typeof window === 'undefined') return;
    started = true;
    window.addEventListener('online', () => void flushOutbox());
    if ($outbox.get().some((e) => e.state === 'pending')) void flushOutbox();
  }

  return { $outbox, $apiUnreachable, sendConfirmation, onConfirmationLanded, flushOutbox, lineLost, whenLineBack, dismissOutboxEntry, startOutbox };
}

export type KioskOutbox = ReturnType<typeof createOutbox>;

/** The kiosk pages' outbox. */
export const kioskOutbox = createOutbox();
export const { $outbox, $apiUnreachable, dismissOutboxEntry, startOutbox } = kioskOutbox;
