// The kiosk's payment-terminal orchestrator client (spec §7, §8): POST {pos}/process with
// the operations, their payload and the order. Success needs every requested operation's
// `operation_completed` not to be false; a failure's `notes` become the message; no answer at all
// is the "unreachable" message key (kiosk.pos.unreachable: "Errore: Verificare pos orchestrator."); any failure with an order is posted to pos_logs before
// it is thrown (a failure of that posting only goes to the console). The configuration's fake-POS
// switch answers OK after FAKE_POS_DELAY_MS without calling anything, its answers marked `fake`:
// a payment carrying the mark charged no card, and the server records it in demo mode only.
import { PosProcessResponseSchema, type PosProcessRequest, type PosResult } from './contract/pos';
import type { PosLogRequest } from './contract/staff';
import { FAKE_POS_DELAY_MS, TERMINAL_PAY_TIMEOUT_MS, TERMINAL_REQUEST_TIMEOUT_MS, terminalDate, TerminalOperation, type TerminalOperationCode } from '../domain/terminal';
import type { I18nMessage, ShownMessage } from '../domain/messages';

/** True for an answer of the fake-POS switch (no terminal was called, no card charged). */
export function isSimulatedResult(result: unknown): boolean {
  return typeof result === 'object' && result !== null && (result as { fake?: unknown }).fake === true;
}

export interface TerminalSettings {
  /** The orchestrator's host (`http://10.0.0.5:4323`, or a bare `host:port`). */
  pos: string | null | undefined;
  fakePos: boolean;
}

/** What the terminal needs of an order: its number, the days (first 10 characters) and total. */
export interface TerminalOrder {
  number: string;
  date_from: string;
  date_to: string;
  total_amount: number;
}

export const TerminalFailure = {
  /** The terminal answered that the operation did not complete (declined card, no paper…). */
  FAILED: 'failed',
  /** No answer at all: the orchestrator is off, unreachable or dropped the connection. */
  UNREACHABLE: 'unreachable',
  /** The kiosk has no terminal host configured. */
  NOT_CONFIGURED: 'not-configured',
  /**
   * An answer that does not say whether the operation completed (an error status without results,
   * an answer of another shape): for a payment, the card may have been charged.
   */
  UNCLEAR: 'unclear',
} as const;
export type TerminalFailureKind = (typeof TerminalFailure)[keyof typeof TerminalFailure];

/**
 * What staff see when the terminal gives no notes of its own: keys, said in the page's language by
 * the screen (the payment keeps the key in storage, so a reload in another language says it right).
 */
export const TerminalMessages = {
  /** No answer at all, or one that cannot be read. */
  UNREACHABLE: { key: 'kiosk.pos.unreachable' },
  /** A failure without notes. */
  FAILED: { key: 'kiosk.pos.failed' },
  /** This kiosk has no terminal configured. */
  NOT_CONFIGURED: { key: 'kiosk.pos.notConfigured' },
} as const satisfies Record<string, I18nMessage>;

export class TerminalError extends Error {
  constructor(
    /** The terminal's own notes as it wrote them, or one of TerminalMessages. */
    readonly shown: ShownMessage,
    readonly kind: TerminalFailureKind,
    /** What was logged: the orchestrator's answer, or what went wrong. */
    readonly response: unknown,
  ) {
    super(typeof shown === 'string' ? shown : shown.key);
    this.name = 'TerminalError';
  }
}

export interface TerminalDeps {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  now: () => Date;
  /** POST {configured base}/pos_logs. */
  postPosLog: (log: PosLogRequest) => Promise<unknown>;
}

export interface TerminalRequest {
  payload?: PosProcessRequest['payload'];
  order?: TerminalOrder | null;
}

/** `{pos}/process`; a host typed without a scheme is reached over plain HTTP on the shop's network. */
export function processUrl(pos: string): string {
  const base = /^https?:\/\//i.test(pos) ? pos : `http://${pos}`;
  return `${base.replace(/\/+$/, '')}/process`;
}

/** The order as the terminal takes it: dates cut to their day. */
export function terminalOrder(order: TerminalOrder): TerminalOrder {
  return {
    number: order.number,
    date_from: terminalDate(order.date_from),
    date_to: terminalDate(order.date_to),
    total_amount: Number(order.total_amount),
  };
}

/** The first requested operation that did not complete, or null when all did. */
export function failedResult(operations: TerminalOperationCode[], results: PosResult[]): { operation: TerminalOperationCode; result: PosResult | null } | null {
  for (const operation of operations) {
    const result = results.find((r) => r.operation === operation) ?? null;
    if (!result || result.operation_completed === false) return { operation, result };
  }
  return null;
}

async function logFailure(deps: TerminalDeps, order: TerminalOrder | null | undefined, response: unknown): Promise<void> {
  if (!order) return;
  try {
    await deps.postPosLog({ order_number: order.number, date: deps.now().toISOString(), response });
  } catch (err) {
    // Spec §8: the terminal's error is what staff must see; a failed log only goes to the console.
    console.error('[pos] could not store the terminal failure in pos_logs', err);
  }
}

/**
 * Runs `operations` on the terminal and returns one result per requested operation (in order).
 * Throws a TerminalError (after logging it with the order) when any of them did not complete.
 */
export async function runTerminal(
  settings: TerminalSettings,
  operations: TerminalOperationCode[],
  request: TerminalRequest,
  deps: TerminalDeps,
): Promise<PosResult[]> {
  const order = request.order ? terminalOrder(request.order) : null;
  if (settings.fakePos) {
    await deps.sleep(FAKE_POS_DELAY_MS);
    return operations.map((operation) => ({ operation, operation_completed: true, notes: null, amount: request.payload?.amount ?? null, fake: true }));
  }
  if (!settings.pos) throw new TerminalError(TerminalMessages.NOT_CONFIGURED, TerminalFailure.NOT_CONFIGURED, null);

  // No answer in time is no answer (unreachable): a payment is then in doubt for the caller
  // (uncertain), never failed. A plain timer, so tests drive it with fake timers.
  const deadline = new AbortController();
  const timeoutMs = operations.includes(TerminalOperation.PAY) ? TERMINAL_PAY_TIMEOUT_MS : TERMINAL_REQUEST_TIMEOUT_MS;
  const timer = setTimeout(() => deadline.abort(new DOMException('No answer in time', 'TimeoutError')), timeoutMs);
  let response: Response;
  let body: unknown = null;
  try {
    try {
      response = await deps.fetch(processUrl(settings.pos), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ operations, payload: request.payload ?? {}, order }),
        signal: deadline.signal,
      });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      const error = new TerminalError(TerminalMessages.UNREACHABLE, TerminalFailure.UNREACHABLE, { error: 'no_answer', operations });
      await logFailure(deps, order, error.response);
      throw error;
    }
    try {
      body = await response.json();
    } catch {
      // The connection dropped mid-answer, the answer is no JSON or never ends: as good as none.
      const error = new TerminalError(TerminalMessages.UNREACHABLE, TerminalFailure.UNREACHABLE, { error: 'unreadable_answer', status: response.status, operations });
      await logFailure(deps, order, error.response);
      throw error;
    }
  } finally {
    clearTimeout(timer);
  }
  const parsed = PosProcessResponseSchema.safeParse(body);
  const failure = parsed.success ? failedResult(operations, parsed.data.results) : { operation: operations[0]!, result: null };
  if (!response.ok || failure) {
    const notes = failure?.result?.notes?.trim() || (body as { message?: unknown } | null)?.message;
    // Only an explicit `operation_completed: false` says the operation did not happen.
    const kind = failure?.result?.operation_completed === false ? TerminalFailure.FAILED : TerminalFailure.UNCLEAR;
    const error = new TerminalError(typeof notes === 'string' && notes ? notes : TerminalMessages.FAILED, kind, body);
    await logFailure(deps, order, body);
    throw error;
  }
  return operations.map((operation) => parsed.data!.results.find((r) => r.operation === operation)!);
}

/** One operation's result (spec §7: "the result entry for the operation is returned"). */
export async function terminalOperation(
  settings: TerminalSettings,
  operation: TerminalOperationCode,
  request: TerminalRequest,
  deps: TerminalDeps,
): Promise<PosResult> {
  const [result] = await runTerminal(settings, [operation], request, deps);
  return result!;
}
