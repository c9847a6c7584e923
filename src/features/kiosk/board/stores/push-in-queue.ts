// The push-in-queue screen (/totem/push_in_queue): every number typed or scanned is its
// own push (shared/stores/queue-order.ts queueOrder), sent one after another in the order they came. A scanner
// firing while the line is slow therefore never joins two numbers into one ("ORD2ORD3", a 404 that
// loses both): each number waits its turn and each answer is kept for the screen to say.
import { atom } from 'nanostores';
import { queueOrder, type QueueOutcome } from '~/features/kiosk/shared/stores/queue-order';

/** The orders the screen lists as just queued, newest first. */
export const RECENT_SHOWN = 5;

export type QueueRefusal = Extract<QueueOutcome, { ok: false }>;

export interface PushInQueueState {
  /** Numbers scanned and not answered yet, oldest first: the first is on the line. */
  waiting: string[];
  /** The number last queued. */
  done: string | null;
  /** Every refusal since the line was last idle at a scan, oldest first, each with its number. */
  refused: { number: string; outcome: QueueRefusal }[];
  recent: { number: string; queuedAt: string }[];
}

const idle = (): PushInQueueState => ({ waiting: [], done: null, refused: [], recent: [] });

/**
 * The screen's state and its line of pushes, each sent by `push` (the board's queueOrder): the
 * page has one (below), a test makes its own.
 */
export function createPushInQueue(push: (number: string) => Promise<QueueOutcome> = queueOrder) {
  const $pushInQueue = atom<PushInQueueState>(idle());
  const change = (edit: (state: PushInQueueState) => Partial<PushInQueueState>) => $pushInQueue.set({ ...$pushInQueue.get(), ...edit($pushInQueue.get()) });
  let line: Promise<unknown> = Promise.resolve();

  async function pushOne(number: string): Promise<QueueOutcome> {
    const outcome = await push(number);
    change((state) => {
      const at = state.waiting.indexOf(number);
      const waiting = state.waiting.filter((_, i) => i !== at);
      if (!outcome.ok) return { waiting, refused: [...state.refused, { number, outcome }] };
      const recent = [{ number: outcome.number, queuedAt: outcome.queuedAt }, ...state.recent.filter((q) => q.number !== outcome.number)].slice(0, RECENT_SHOWN);
      return { waiting, done: outcome.number, recent };
    });
    return outcome;
  }

  /**
   * A number typed or scanned (Enter). A scan on an idle line starts afresh (the previous answers
   * are cleared); one made while others are sent joins the line, and the refusals of the whole run
   * stay listed, so none is hidden by the answer that follows it. Resolves with its own outcome.
   */
  function pushScan(text: string): Promise<QueueOutcome> {
    const number = text.trim();
    change((state) => (state.waiting.length === 0 ? { waiting: [number], done: null, refused: [] } : { waiting: [...state.waiting, number] }));
    const next = line.then(() => pushOne(number));
    line = next.catch(() => undefined);
    return next;
  }

  return { $pushInQueue, pushScan };
}

export const { $pushInQueue, pushScan } = createPushInQueue();
