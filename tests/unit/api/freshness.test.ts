// keepFresh (src/api/freshness.ts) on a hand-driven clock and page visibility: data shown on a
// visible page is never older than AVAILABILITY_MAX_AGE_MS, the tab coming back reads at once, a
// hidden tab reads nothing however long it stays hidden, a failed read is tried again soon, a forced
// read replaces one in flight, and stop() ends everything.
import { describe, expect, it } from 'vitest';
import { AVAILABILITY_FRESHNESS, keepFresh } from '~/api/freshness';
import { AVAILABILITY_MAX_AGE_MS, AVAILABILITY_READ_ALLOWANCE_MS, AVAILABILITY_RETRY_MS } from '~/domain/freshness';
import { manualEnv, settle, type ManualEnv } from '~tests/support/freshness-env';

/** A read that records when it started and answers after `latency` ms of the manual clock. */
function reader(env: ManualEnv, latency = 0) {
  const starts: number[] = [];
  let failing = false;
  const read = (signal: AbortSignal) => {
    starts.push(env.now());
    return new Promise<void>((resolve, reject) => {
      const answer = () => (failing ? reject(new Error('offline')) : resolve());
      if (latency === 0) answer();
      else env.setTimer(answer, latency);
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  };
  return { read, starts, fail: (value: boolean) => (failing = value) };
}

describe('keepFresh', () => {
  it('reads at once, then again before the data turns the maximum age old, for as long as the page is visible', async () => {
    const env = manualEnv();
    const r = reader(env, 2_000);
    const watch = keepFresh(r.read, env, AVAILABILITY_FRESHNESS);
    const t0 = env.now();
    await env.advance(2_000);
    expect(await watch.first).toBe(true);
    expect(watch.readAt()).toBe(t0);
    // Ten minutes, second by second: what is shown is never older than the maximum age.
    for (let s = 0; s < 600; s++) {
      await env.advance(1_000);
      expect(env.now() - watch.readAt()!).toBeLessThan(AVAILABILITY_MAX_AGE_MS);
    }
    // One read per (max age − allowance), not more: no hammering either.
    const period = AVAILABILITY_MAX_AGE_MS - AVAILABILITY_READ_ALLOWANCE_MS;
    expect(r.starts.length).toBe(1 + Math.floor((602_000 - 0) / period));
    expect(r.starts[1]! - r.starts[0]!).toBe(period);
    watch.stop();
  });

  it('reads nothing while the tab is hidden, and reads at once when it becomes visible again', async () => {
    const env = manualEnv();
    const r = reader(env);
    const watch = keepFresh(r.read, env, AVAILABILITY_FRESHNESS);
    await env.advance(10_000);
    expect(r.starts).toHaveLength(1);
    await env.setVisible(false);
    expect(env.pending()).toBe(0);
    await env.advance(30 * 60_000);
    expect(r.starts).toHaveLength(1);
    await env.setVisible(true);
    expect(r.starts).toHaveLength(2);
    expect(r.starts[1]).toBe(env.now());
    expect(watch.readAt()).toBe(env.now());
    // Back to the normal rhythm from that read.
    await env.advance(AVAILABILITY_MAX_AGE_MS - AVAILABILITY_READ_ALLOWANCE_MS);
    expect(r.starts).toHaveLength(3);
    watch.stop();
  });

  it('comes back visible before the next read was due: reads at once anyway (someone may have booked meanwhile)', async () => {
    const env = manualEnv();
    const r = reader(env);
    const watch = keepFresh(r.read, env, AVAILABILITY_FRESHNESS);
    await env.setVisible(false);
    await env.advance(1_000);
    await env.setVisible(true);
    expect(r.starts).toEqual([env.now() - 1_000, env.now()]);
    watch.stop();
  });

  it('keeps the data of a failed read on screen and tries again after the retry delay', async () => {
    const env = manualEnv();
    const r = reader(env);
    const watch = keepFresh(r.read, env, AVAILABILITY_FRESHNESS);
    await settle();
    const firstRead = watch.readAt();
    r.fail(true);
    await env.advance(AVAILABILITY_MAX_AGE_MS - AVAILABILITY_READ_ALLOWANCE_MS);
    expect(r.starts).toHaveLength(2);
    expect(watch.readAt()).toBe(firstRead);
    await env.advance(AVAILABILITY_RETRY_MS - 1);
    expect(r.starts).toHaveLength(2);
    await env.advance(1);
    expect(r.starts).toHaveLength(3);
    r.fail(false);
    await env.advance(AVAILABILITY_RETRY_MS);
    expect(r.starts).toHaveLength(4);
    expect(watch.readAt()).toBe(env.now());
    watch.stop();
  });

  it('a failed first read resolves `first` false', async () => {
    const env = manualEnv();
    const r = reader(env);
    r.fail(true);
    const watch = keepFresh(r.read, env, AVAILABILITY_FRESHNESS);
    expect(await watch.first).toBe(false);
    expect(watch.readAt()).toBeNull();
    watch.stop();
  });

  it('refresh() reads now, drops a read still in flight, and resolves when its own answer is in', async () => {
    const env = manualEnv();
    const r = reader(env, 3_000);
    const watch = keepFresh(r.read, env, AVAILABILITY_FRESHNESS);
    let firstDone: boolean | null = null;
    void watch.first.then((ok) => (firstDone = ok));
    await env.advance(1_000);
    const forced = watch.refresh();
    const forcedAt = env.now();
    // The first read was dropped, not failed: `first` waits for the read that replaced it.
    await settle();
    expect(firstDone).toBeNull();
    await env.advance(3_000);
    expect(await forced).toBe(true);
    expect(firstDone).toBe(true);
    expect(watch.readAt()).toBe(forcedAt);
    expect(r.starts).toEqual([forcedAt - 1_000, forcedAt]);
    watch.stop();
  });

  it('data read recently enough is shown as it is: the next read comes when it is due', async () => {
    const env = manualEnv();
    const r = reader(env);
    const readAt = env.now() - 20_000;
    const watch = keepFresh(r.read, env, { ...AVAILABILITY_FRESHNESS, readAt });
    expect(await watch.first).toBe(true);
    expect(r.starts).toHaveLength(0);
    await env.advance(AVAILABILITY_MAX_AGE_MS - AVAILABILITY_READ_ALLOWANCE_MS - 20_000 - 1);
    expect(r.starts).toHaveLength(0);
    await env.advance(1);
    expect(r.starts).toHaveLength(1);
    watch.stop();
  });

  it('stop() aborts the read in flight and leaves no timer and no listener behind', async () => {
    const env = manualEnv();
    const r = reader(env, 5_000);
    const watch = keepFresh(r.read, env, AVAILABILITY_FRESHNESS);
    watch.stop();
    expect(await watch.first).toBe(false);
    await env.advance(10 * 60_000);
    await env.setVisible(false);
    await env.setVisible(true);
    expect(r.starts).toHaveLength(1);
    expect(env.pending()).toBe(0);
  });
});
