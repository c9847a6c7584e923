// The customer's order page and list (src/features/customer/orders/stores/orders.ts) with the real store and the
// app's API client over a fake fetch. The payment-confirmation re-reads run on a scheduler the test
// drives: it runs each armed re-read itself, so nothing waits for real time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderResponse } from '~/api/contract/orders';
import { confirmPollDelay, PAYMENT_CONFIRM_POLL } from '~/domain/payments';
import { todayInRome } from '~/domain/dates';
import { orderResponse } from '~tests/support/order-response';

const { $orderPage, cancelShownOrder, loadMyOrders, reloadOrder, showOrder } = await import('~/features/customer/orders/stores/orders');
const { afterDelay } = await import('~/stores/schedule');

const ORDER = orderResponse();

/** What the API answers to each request, in turn; an Error is a network failure. */
let answers: (Response | Error)[] = [];
const asked: { method: string; url: URL }[] = [];
const answer = (order: OrderResponse) => Response.json({ data: order });

/** Timers armed by the store: the test runs them (and sees their delay) instead of waiting. */
class ManualSchedule {
  armed: { ms: number; task: () => unknown; cancelled: boolean }[] = [];
  readonly schedule = (ms: number, task: () => unknown) => {
    const timer = { ms, task, cancelled: false };
    this.armed.push(timer);
    return () => {
      timer.cancelled = true;
    };
  };
  /** Runs the next armed timer to the end of its work. */
  async runNext(): Promise<void> {
    const timer = this.armed.shift();
    if (!timer) throw new Error('no timer armed');
    await timer.task();
  }
}

let notices: { key: string; level: string }[];
const announce = (notice: { key: string; level: string }) => notices.push(notice);

beforeEach(() => {
  answers = [];
  asked.length = 0;
  notices = [];
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    asked.push({ method: init.method ?? 'GET', url });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected request ${String(url)}`);
    if (next instanceof Error) throw new TypeError('Failed to fetch');
    return next;
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('showOrder', () => {
  it('shows the order by its uuid, with nothing to announce without a payment outcome', async () => {
    answers = [answer(ORDER)];
    const clock = new ManualSchedule();
    await showOrder(ORDER.uuid, null, announce, clock.schedule).loaded;
    expect($orderPage.get()).toEqual({ state: 'ready', order: ORDER, confirming: false });
    expect(asked.map((a) => a.url.pathname)).toEqual([`/api/v1/guest/orders/${ORDER.uuid}`]);
    expect([notices, clock.armed]).toEqual([[], []]);
  });

  it('says "not found" without an id, and when the order cannot be read', async () => {
    await showOrder(null, 'paid', announce).loaded;
    expect($orderPage.get().state).toBe('missing');
    expect(asked).toEqual([]);
    answers = [Response.json({ message: 'Non trovato' }, { status: 404 })];
    await showOrder('nessuno', null, announce).loaded;
    expect($orderPage.get()).toEqual({ state: 'missing', order: null, confirming: false });
  });

  it('back with `paid`: re-reads until the order says paid, offering nothing meanwhile', async () => {
    answers = [answer(ORDER), answer(ORDER), answer(orderResponse({ paid: true }))];
    const clock = new ManualSchedule();
    await showOrder(ORDER.uuid, 'paid', announce, clock.schedule).loaded;
    expect($orderPage.get()).toMatchObject({ state: 'ready', confirming: true });
    expect(notices).toEqual([{ key: 'order.paymentPending', level: 'info' }]);
    expect(clock.armed.map((t) => t.ms)).toEqual([PAYMENT_CONFIRM_POLL.quickMs]);

    await clock.runNext();
    expect($orderPage.get().confirming).toBe(true);
    expect(notices).toHaveLength(1); // "confirming" is said once
    await clock.runNext();
    expect($orderPage.get()).toMatchObject({ confirming: false, order: { paid: true } });
    expect(notices.at(-1)).toEqual({ key: 'order.paymentPaid', level: 'success' });
    expect(clock.armed).toEqual([]);
    expect(asked).toHaveLength(3);
  });

  it('re-reads often, then every few seconds, and after two minutes says the payment is not confirmed yet', async () => {
    answers = Array.from({ length: 40 }, () => answer(ORDER));
    const clock = new ManualSchedule();
    await showOrder(ORDER.uuid, 'paid', announce, clock.schedule).loaded;
    const waits: number[] = [];
    while (clock.armed.length > 0) {
      waits.push(...clock.armed.map((t) => t.ms));
      await clock.runNext();
      if (clock.armed.length > 0) expect($orderPage.get().confirming).toBe(true);
    }
    expect(waits.slice(0, PAYMENT_CONFIRM_POLL.quickReads - 1).every((ms) => ms === PAYMENT_CONFIRM_POLL.quickMs)).toBe(true);
    expect(waits.slice(PAYMENT_CONFIRM_POLL.quickReads - 1).every((ms) => ms === PAYMENT_CONFIRM_POLL.slowMs)).toBe(true);
    const waited = waits.reduce((sum, ms) => sum + ms, 0);
    expect(waited).toBeLessThanOrEqual(PAYMENT_CONFIRM_POLL.maxWaitMs);
    expect(waited).toBeGreaterThan(PAYMENT_CONFIRM_POLL.maxWaitMs - PAYMENT_CONFIRM_POLL.slowMs);
    expect(asked).toHaveLength(waits.length + 1);
    expect(confirmPollDelay(asked.length)).toBeNull();
    expect($orderPage.get()).toMatchObject({ state: 'ready', confirming: false, order: { paid: false } });
    expect(notices.at(-1)).toEqual({ key: 'order.paymentUnconfirmed', level: 'warning' });
  });

  it('a re-read that fails keeps the order on screen and says the payment is not confirmed', async () => {
    answers = [answer(ORDER), new Error('offline')];
    const clock = new ManualSchedule();
    await showOrder(ORDER.uuid, 'paid', announce, clock.schedule).loaded;
    await clock.runNext();
    expect($orderPage.get()).toEqual({ state: 'ready', order: ORDER, confirming: false });
    expect(notices.at(-1)).toEqual({ key: 'order.paymentUnconfirmed', level: 'warning' });
  });

  it('announces the other outcomes at once, whatever the order says', async () => {
    answers = [answer(ORDER)];
    const clock = new ManualSchedule();
    await showOrder(ORDER.uuid, 'cancelled', announce, clock.schedule).loaded;
    expect(notices).toEqual([{ key: 'order.paymentCancelled', level: 'warning' }]);
    expect([$orderPage.get().confirming, clock.armed]).toEqual([false, []]);
  });

  it('stopping cancels the armed re-read and ignores a late answer', async () => {
    answers = [answer(ORDER)];
    const clock = new ManualSchedule();
    const watch = showOrder(ORDER.uuid, 'paid', announce, clock.schedule);
    await watch.loaded;
    const [timer] = clock.armed;
    watch.stop();
    expect(timer!.cancelled).toBe(true);

    let release!: (r: Response) => void;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (release = resolve)));
    const late = showOrder(ORDER.uuid, null, announce, clock.schedule);
    late.stop();
    release(answer(orderResponse({ number: 'R-LATE' })));
    await late.loaded;
    expect($orderPage.get()).toEqual({ state: 'loading', order: null, confirming: false });
  });

  it('afterDelay arms a real timer that its cancel disarms', () => {
    vi.useFakeTimers();
    try {
      const task = vi.fn();
      afterDelay(10, task)();
      afterDelay(10, task);
      vi.runAllTimers();
      expect(task).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('order actions', () => {
  it('reloadOrder reads the shown order again; a failure keeps it', async () => {
    answers = [answer(ORDER), answer(orderResponse({ total_amount: 99 }))];
    await showOrder(ORDER.uuid, null, announce).loaded;
    await reloadOrder();
    expect($orderPage.get().order?.total_amount).toBe(99);
    answers = [new Error('offline')];
    await reloadOrder();
    expect($orderPage.get().order?.total_amount).toBe(99);
  });

  it('cancelShownOrder cancels for today in Rome and shows the cancelled order', async () => {
    answers = [answer(ORDER), Response.json({ data: orderResponse({ status: 'cancelled', editable: false }), message: 'Annullato' })];
    await showOrder(ORDER.uuid, null, announce).loaded;
    expect(await cancelShownOrder()).toEqual({ kind: 'cancelled' });
    expect($orderPage.get().order?.status).toBe('cancelled');
    expect(asked[1]!.method).toBe('DELETE');
    expect(asked[1]!.url.searchParams.get('date')).toBe(todayInRome());
  });

  it('cancelShownOrder answers the server’s refusal and keeps the order', async () => {
    answers = [answer(ORDER), Response.json({ message: 'Non più annullabile' }, { status: 410 })];
    await showOrder(ORDER.uuid, null, announce).loaded;
    expect(await cancelShownOrder()).toEqual({ kind: 'refused', message: 'Non più annullabile' });
    expect($orderPage.get().order).toEqual(ORDER);
  });

  it('loadMyOrders answers the list, or none when it cannot be read', async () => {
    answers = [Response.json({ data: [ORDER] }), new Error('offline')];
    expect(await loadMyOrders()).toEqual([ORDER]);
    expect(await loadMyOrders()).toEqual([]);
    expect(asked.map((a) => a.url.pathname)).toEqual(['/api/v1/orders', '/api/v1/orders']);
  });
});
