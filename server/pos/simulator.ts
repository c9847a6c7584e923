// A payment-terminal orchestrator simulator (spec §7): what a kiosk's `pos` host answers
// to POST /process with operations (10 pay, 20 receipt, 30 print, 40 close cashier), a payload and
// the order. Each operation gets a result entry with `operation_completed`; it takes about a second
// like a real terminal (configurable). Failures are injected through its options or POST /control:
// a declined card, a printer out of paper, or a network timeout (no answer, the connection drops).
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type HttpBindings, type ServerType } from '@hono/node-server';
import { Hono, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import {
  PosControlSchema,
  PosProcessRequestSchema,
  type PosStateSchema,
  type PosFailure,
  type PosResult,
} from '~/api/contract/pos';
import { roundMoney, sumMoney } from '~/domain/money';
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

// The contract's schemas are zod/mini, which has no messages of its own: the simulator's 422 lists
// zod's English ones (as before the contract moved to mini), whether or not classic zod is loaded.
z.config(en());

export interface PosSimulatorOptions {
  port?: number;
  host?: string;
  /** How long an answer takes (ms); default 1000. */
  delayMs?: number;
  failure?: PosFailure | null;
  /** How long a simulated timeout holds the connection before dropping it (ms); default 30000. */
  hangMs?: number;
}

export interface PosSimulator {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Notes of a failed operation: the kiosk shows them as the error message. */
export const POS_NOTES = {
  declined: 'Carta rifiutata',
  paperOut: 'Stampante senza carta',
  skipped: 'Operazione non eseguita: una precedente non è riuscita',
} as const;

interface State {
  failure: PosFailure | null;
  once: boolean;
  delayMs: number;
  hangMs: number;
  processed: number;
  /** Payments since the last cashier close. */
  payments: number[];
}

/** `application/json`, with parameters (`; charset=utf-8`) or not. */
const JSON_CONTENT_TYPE = /^application\/json\s*(;|$)/i;

// Unref'd: a request still waiting never keeps a closing process alive.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

function run(state: State, body: ReturnType<typeof PosProcessRequestSchema.parse>): PosResult[] {
  const results: PosResult[] = [];
  let failed = false;
  for (const operation of body.operations) {
    if (failed) {
      results.push({ operation, operation_completed: false, notes: POS_NOTES.skipped });
      continue;
    }
    let result: PosResult;
    if (operation === 10) {
      const amount = roundMoney(body.payload.amount ?? body.order?.total_amount ?? 0);
      result =
        state.failure === 'declined'
          ? { operation, operation_completed: false, notes: POS_NOTES.declined, amount }
          : { operation, operation_completed: true, notes: null, amount, transaction_id: randomBytes(6).toString('hex') };
      if (result.operation_completed) state.payments.push(amount);
    } else if (state.failure === 'paper_out') {
      // Receipts, prints and the close report all need paper.
      result = { operation, operation_completed: false, notes: POS_NOTES.paperOut };
    } else if (operation === 40) {
      result = { operation, operation_completed: true, notes: null, totals: { payments: state.payments.length, amount: sumMoney(state.payments) } };
      state.payments = [];
    } else {
      result = { operation, operation_completed: true, notes: null, receipt_lines: body.payload.items?.length ?? 0 };
    }
    failed = !result.operation_completed;
    results.push(result);
  }
  return results;
}

/** What GET/POST /control answer, typed by the contract the tests parse it with. */
function publicState(state: State): z.input<typeof PosStateSchema> {
  return { failure: state.failure, once: state.once, delay_ms: state.delayMs, processed: state.processed, pending_payments: state.payments.length };
}

/**
 * Lets through a switch request that only a script of its own (a test, a demo tool, curl) can
 * send: a browser adds `Origin` to every cross-origin POST, so one naming another origin is 403;
 * a body that is not declared JSON is 415 (a cross-origin page can send JSON only after a
 * preflight, which /control never answers).
 */
const controlGuard: MiddlewareHandler = async (c, next) => {
  const origin = c.req.header('origin');
  if (origin !== undefined && origin !== new URL(c.req.url).origin) return c.json({ message: 'Origine non ammessa' }, 403);
  if (!JSON_CONTENT_TYPE.test(c.req.header('content-type') ?? '')) return c.json({ message: 'Il corpo deve essere JSON (Content-Type: application/json)' }, 415);
  return next();
};

export function createPosApp(options: PosSimulatorOptions = {}) {
  const initial = () => ({ failure: options.failure ?? null, once: false, delayMs: options.delayMs ?? 1000, hangMs: options.hangMs ?? 30_000 });
  const state: State = { ...initial(), processed: 0, payments: [] };
  const invalid = (issues: { path: PropertyKey[]; message: string }[]) => ({
    message: 'Richiesta non valida',
    errors: Object.fromEntries(issues.map((i) => [i.path.map(String).join('.') || '_', [i.message]])),
  });
  const readJson = async (req: Request): Promise<unknown> => {
    try {
      return await req.json();
    } catch {
      return undefined;
    }
  };

  const app = new Hono<{ Bindings: HttpBindings }>();
  // The kiosk page calls the orchestrator from the browser, from another origin: /process and
  // /health answer any origin. /control (failure injection for tests and demos) has no CORS, so a
  // web page the kiosk happens to show cannot make the terminal fail or read its takings.
  app.use('/process', cors());
  app.use('/health', cors());
  // No CORS does not stop a page from *sending* a simple request (a form or a `text/plain` fetch
  // needs no preflight): the switches take JSON only, and no other origin's request at all.
  app.post('/control', controlGuard);
  app.post('/control/reset', controlGuard);
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.get('/control', (c) => c.json(publicState(state)));
  app.post('/control', async (c) => {
    const parsed = PosControlSchema.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json(invalid(parsed.error.issues), 422);
    if (parsed.data.failure !== undefined) state.failure = parsed.data.failure;
    if (parsed.data.once !== undefined) state.once = parsed.data.once;
    if (parsed.data.delay_ms !== undefined) state.delayMs = parsed.data.delay_ms;
    return c.json(publicState(state));
  });
  app.post('/control/reset', (c) => {
    Object.assign(state, initial(), { processed: 0, payments: [] });
    return c.json(publicState(state));
  });
  app.post('/process', async (c) => {
    const parsed = PosProcessRequestSchema.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json(invalid(parsed.error.issues), 422);
    state.processed++;
    const failure = state.failure;
    if (state.once) {
      state.failure = null;
      state.once = false;
    }
    await sleep(state.delayMs);
    if (failure === 'timeout') {
      // The terminal never answers: hold the connection, then drop it without a response.
      await sleep(state.hangMs);
      c.env.incoming.socket.destroy();
      return new Response(null, { status: 504 });
    }
    return c.json({ results: runAndKeep(state, failure, parsed.data) });
  });
  return app;
}

/** Runs the operations with the failure of this request and keeps the payment totals. */
function runAndKeep(state: State, failure: PosFailure | null, body: ReturnType<typeof PosProcessRequestSchema.parse>): PosResult[] {
  const scoped = { ...state, failure };
  const results = run(scoped, body);
  state.payments = scoped.payments;
  return results;
}

/** Starts the simulator (POS_PORT, default 4323). */
export async function startPosSimulator(options: PosSimulatorOptions = {}): Promise<PosSimulator> {
  const app = createPosApp(options);
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 4323, hostname: options.host ?? '127.0.0.1' }, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://localhost:${port}`,
    port,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Drop held connections (a simulated timeout) so closing never waits for them.
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      })),
  };
}
