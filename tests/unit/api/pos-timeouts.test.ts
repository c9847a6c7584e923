// The terminal orchestrator client (src/api/pos.ts) when the orchestrator never answers: a receipt
// or print gives up after TERMINAL_REQUEST_TIMEOUT_MS (the desk then offers to print again); a card
// payment waits longer and then is "no answer" (unreachable: the store makes it uncertain, for
// staff to read the terminal), never "failed" (which would release the claim as if nothing was
// charged). Timers are faked; the hung request ends only through its abort signal.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runTerminal, terminalOperation, TerminalFailure, TerminalMessages, type TerminalDeps } from '~/api/pos';
import { TERMINAL_PAY_TIMEOUT_MS, TERMINAL_REQUEST_TIMEOUT_MS, TerminalOperation } from '~/domain/terminal';

const order = { number: 'BARD-000042', date_from: '2026-12-20', date_to: '2026-12-22', total_amount: 84.5 };

afterEach(() => {
  vi.useRealTimers();
});

/** An orchestrator that takes the request and never answers; `sent` resolves once it has it. */
function hungTerminal() {
  let sent!: () => void;
  const wasSent = new Promise<void>((r) => (sent = r));
  const logs: unknown[] = [];
  const deps: TerminalDeps = {
    fetch: (_input, init) => {
      sent();
      return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    },
    sleep: async () => undefined,
    now: () => new Date('2026-12-20T10:00:00Z'),
    postPosLog: async (log) => void logs.push(log.response),
  };
  return { deps, wasSent, logs };
}

describe('a terminal that never answers', () => {
  it('gives up on a receipt and print after the request timeout, as no answer (logged)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { deps, wasSent, logs } = hungTerminal();
    const printing = runTerminal({ pos: 'http://10.0.0.5:4323', fakePos: false }, [TerminalOperation.RECEIPT, TerminalOperation.PRINT], { order }, deps);
    const settled = printing.catch((e: unknown) => e);
    await wasSent;
    await vi.advanceTimersByTimeAsync(TERMINAL_REQUEST_TIMEOUT_MS);
    expect(await settled).toMatchObject({ name: 'TerminalError', kind: TerminalFailure.UNREACHABLE, shown: TerminalMessages.UNREACHABLE });
    expect(logs).toEqual([{ error: 'no_answer', operations: [20, 30] }]);
  });

  it('waits longer for a card payment, then calls it no answer (in doubt), never failed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { deps, wasSent } = hungTerminal();
    let outcome: unknown = 'waiting';
    const paying = terminalOperation({ pos: 'http://10.0.0.5:4323', fakePos: false }, TerminalOperation.PAY, { payload: { amount: 84.5 }, order }, deps).catch((e: unknown) => {
      outcome = e;
    });
    await wasSent;
    await vi.advanceTimersByTimeAsync(TERMINAL_REQUEST_TIMEOUT_MS);
    // The customer may still be typing the PIN.
    expect(outcome).toBe('waiting');
    await vi.advanceTimersByTimeAsync(TERMINAL_PAY_TIMEOUT_MS - TERMINAL_REQUEST_TIMEOUT_MS);
    await paying;
    expect(outcome).toMatchObject({ kind: TerminalFailure.UNREACHABLE });
  });
});
