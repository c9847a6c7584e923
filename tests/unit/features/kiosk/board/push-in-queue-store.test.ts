// The push-in-queue screen's store (src/features/kiosk/board/stores/push-in-queue.ts): numbers scanned while an earlier
// one is still sent are each their own push, in the order they came (never joined into one), and
// every answer of the run is kept for the screen, a refusal with its number.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueOutcome } from '~/features/kiosk/shared/stores/queue-order';

import { createPushInQueue, RECENT_SHOWN } from '~/features/kiosk/board/stores/push-in-queue';

/** Each push waits here until the test answers it: a slow line. */
const pushes: { number: string; answer: (outcome: QueueOutcome) => void }[] = [];
const push = (number: string) => new Promise<QueueOutcome>((answer) => pushes.push({ number, answer }));

/** The screen's store as the page makes it (new for each test), its pushes held by the test. */
let $pushInQueue: ReturnType<typeof createPushInQueue>['$pushInQueue'];
let pushScan: ReturnType<typeof createPushInQueue>['pushScan'];

const queued = (number: string): QueueOutcome => ({ ok: true, number, queuedAt: '2026-12-23T09:00:00Z' });
const notFound: QueueOutcome = { ok: false, reason: 'notFound' };
/** Waits until `count` pushes are on the line. */
const onTheLine = (count: number) => vi.waitFor(() => expect(pushes).toHaveLength(count));

beforeEach(() => {
  pushes.length = 0;
  ({ $pushInQueue, pushScan } = createPushInQueue(push));
});

describe('push in queue', () => {
  it('sends numbers scanned during a send one by one, in order, and says what each came to', async () => {
    const first = pushScan(' 06-0000001 ');
    await onTheLine(1);
    // Two more scans while the first is sent: they wait their turn, each as itself.
    const second = pushScan('06-0000002');
    const third = pushScan('06-0000003');
    expect($pushInQueue.get().waiting).toEqual(['06-0000001', '06-0000002', '06-0000003']);
    expect(pushes.map((p) => p.number)).toEqual(['06-0000001']);

    pushes[0]!.answer(queued('06-0000001'));
    expect(await first).toEqual(queued('06-0000001'));
    await onTheLine(2);
    expect(pushes[1]!.number).toBe('06-0000002');
    pushes[1]!.answer(notFound);
    expect(await second).toEqual(notFound);
    await onTheLine(3);
    expect(pushes[2]!.number).toBe('06-0000003');
    pushes[2]!.answer(queued('06-0000003'));
    await third;

    expect($pushInQueue.get()).toEqual({
      waiting: [],
      done: '06-0000003',
      // The refusal in the middle of the run is not hidden by the success after it.
      refused: [{ number: '06-0000002', outcome: notFound }],
      recent: [
        { number: '06-0000003', queuedAt: '2026-12-23T09:00:00Z' },
        { number: '06-0000001', queuedAt: '2026-12-23T09:00:00Z' },
      ],
    });
  });

  it('starts afresh at a scan on an idle line; an order queued again moves to the top of the recent ones', async () => {
    const refused = pushScan('06-9999999');
    await onTheLine(1);
    pushes[0]!.answer(notFound);
    await refused;
    expect($pushInQueue.get().refused).toHaveLength(1);

    for (let n = 1; n <= RECENT_SHOWN + 1; n++) {
      const number = `06-000000${n % 2}`;
      const sent = pushScan(number);
      await onTheLine(n + 1);
      expect($pushInQueue.get().refused).toEqual([]);
      pushes[n]!.answer(queued(number));
      await sent;
    }
    expect($pushInQueue.get().recent.map((q) => q.number)).toEqual(['06-0000000', '06-0000001']);
  });
});
