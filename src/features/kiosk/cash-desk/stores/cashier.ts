// Closing the cashier at the end of the day: the terminal closes (40) and reports what
// it took; the API records the close and answers what it recorded; staff see both and the
// difference. The terminal's report is kept if the API does not answer, so the close is recorded
// by a retry, never by closing the terminal a second time (its totals restart at each close).
//
// The close's progress lives in the kiosk's storage ($cashierClose), not in the island: a reload
// after the terminal closed still shows its totals and records them (the report is nowhere else),
// and the last result stays on screen. Each close has its own Idempotency-Key and day, fixed when it
// starts and reused by every retry: a retry whose first try landed gets the first answer back
// instead of a second close, and a retry after midnight records the day that was closed.
import { atom } from 'nanostores';
import * as z from 'zod/mini';
import { PosResultSchema, type PosResult } from '~/api/contract/pos';
import { fetchCashierDay, recordCashierClose } from '~/api/cashier';
import type { CashierDay } from '~/api/contract/desk-payments';
import { PAYMENT_METHODS, type MethodTotal } from '~/domain/desk-methods';
import { terminalOperation } from '~/api/pos';
import { compareCashier, type CashierComparison } from '~/domain/desk-payments';
import { todayInRome } from '~/domain/dates';
import { TerminalOperation } from '~/domain/terminal';
import { terminalDeps, terminalSettings } from './desk-terminal';
import { CASHIER_CLOSE_KEY } from '~/features/kiosk/shared/stores/storage-keys';
import { persistentValidated } from '~/stores/persisted';
import { NoticeMessageSchema } from '~/stores/notifications';
import type { ShownMessage } from '~/domain/messages';
import { loadApi } from '~/stores/api-loader';
import { errorMessage } from '~/api/errors';

const totals = z.object({ payments: z.number(), amount: z.number() });
/** What staff counted in the drawer before the close (absent: they confirmed the expected cash). */
const count = z.optional(z.object({ counted_cash: z.nullable(z.number()), note: z.optional(z.string()) }));
const close = { key: z.string(), date: z.string(), count };
const methodTotals = z.array(z.object({ method: z.enum(PAYMENT_METHODS), count: z.number(), total: z.number() }));

// A plain union, not discriminatedUnion: that one alone added 0.5 KB gzip to the zod chunk every page loads.
export const CashierCloseSchema = z.union([
  z.object({ step: z.literal('idle') }),
  /** The terminal was asked to close and had not answered: a reload here leaves it unknown. */
  z.object({ step: z.literal('terminal'), ...close }),
  /** The terminal closed; the API has not recorded it yet (`error`: why the last try failed). */
  z.object({ step: z.literal('unrecorded'), ...close, report: PosResultSchema, error: NoticeMessageSchema }),
  z.object({
    step: z.literal('done'),
    date: z.string(),
    comparison: z.object({
      terminal: z.nullable(totals),
      recorded: z.object({ orders_count: z.number(), total: z.number() }),
      difference: z.nullable(z.number()),
      agree: z.nullable(z.boolean()),
    }),
    /** The day by method and the drawer, as the API recorded them. */
    methods: z._default(methodTotals, []),
    cash: z.optional(z.object({ expected: z.number(), counted: z.nullable(z.number()), note: z.nullable(z.string()) })),
  }),
  /** The terminal refused or could not be reached: nothing was closed (`error`: its notes or a message key). */
  z.object({ step: z.literal('failed'), error: NoticeMessageSchema }),
]);
export type CashierCloseState = z.infer<typeof CashierCloseSchema>;

/** The terminal closed but the API did not record it: retry with `recordClose()`. */
export class CashierRecordError extends Error {
  constructor(
    readonly shown: ShownMessage,
    readonly report: PosResult,
  ) {
    super(typeof shown === 'string' ? shown : shown.key);
  }
}


/** The cashier close's state and the step under way: the cash desk has one (below), a test makes its own. */
export function createCashier() {
  const $cashierClose = persistentValidated(CASHIER_CLOSE_KEY, CashierCloseSchema, (): CashierCloseState => ({ step: 'idle' }));
  /** A step of the close runs in this page now (the spinner); after a reload nothing does. */
  const $cashierBusy = atom(false);
  let running: Promise<CashierComparison> | null = null;

  /** One step at a time: a double tap, or a retry while a try runs, joins the one under way. */
  function once(work: () => Promise<CashierComparison>): Promise<CashierComparison> {
    if (running) return running;
    $cashierBusy.set(true);
    running = work().finally(() => {
      running = null;
      $cashierBusy.set(false);
    });
    return running;
  }

  async function record(pending: Extract<CashierCloseState, { step: 'unrecorded' }>): Promise<CashierComparison> {
    try {
      const recorded = await recordCashierClose(await loadApi(), { date: pending.date, pos_log: pending.report, ...pending.count }, pending.key);
      // The terminal knows only its own card charges: set against the terminal's part of the day.
      const comparison = compareCashier(pending.report.totals ?? null, terminalRecorded(recorded));
      const methods = recorded.methods.filter((m): m is MethodTotal => (PAYMENT_METHODS as readonly string[]).includes(m.method));
      $cashierClose.set({
        step: 'done',
        date: pending.date,
        comparison,
        methods,
        cash: { expected: recorded.cash_expected, counted: recorded.cash_counted, note: recorded.note },
      });
      return comparison;
    } catch (err) {
      $cashierClose.set({ ...pending, error: errorMessage(err) });
      throw new CashierRecordError(errorMessage(err), pending.report);
    }
  }

  /**
   * Records the close the terminal already made (the kept report, its key and day) and compares the
   * totals. Throws CashierRecordError when the API still does not record it.
   */
  function recordClose(): Promise<CashierComparison> {
    return once(async () => {
      const pending = $cashierClose.get();
      if (pending.step !== 'unrecorded') throw new Error('No cashier close waits to be recorded');
      return record(pending);
    });
  }

  /**
   * Closes the terminal's day (40), then records it. A terminal failure throws its TerminalError.
   * While a closed day waits to be recorded it only records that one: the terminal is never closed
   * twice for one report.
   */
  function closeCashier(counted?: { counted_cash: number | null; note?: string | undefined }): Promise<CashierComparison> {
    return once(async () => {
      const pending = $cashierClose.get();
      if (pending.step === 'unrecorded') return record(pending);
      const started = { key: crypto.randomUUID(), date: todayInRome(), ...(counted && { count: counted }) };
      $cashierClose.set({ step: 'terminal', ...started });
      let report: PosResult;
      try {
        report = await terminalOperation(terminalSettings(), TerminalOperation.CLOSE_CASHIER, {}, terminalDeps());
      } catch (err) {
        $cashierClose.set({ step: 'failed', error: errorMessage(err) });
        throw err;
      }
      const closed = { step: 'unrecorded' as const, ...started, report, error: '' };
      $cashierClose.set(closed);
      return record(closed);
    });
  }

  /** The day by method, read before the close is sent to the terminal (staff check it first). */
  async function readDay(date = todayInRome()): Promise<CashierDay> {
    return fetchCashierDay(await loadApi(), date);
  }

  return { $cashierClose, $cashierBusy, recordClose, closeCashier, readDay };
}

/** The terminal's part of what the API recorded (all of it from a server that does not split by method). */
function terminalRecorded(recorded: { orders_count: number; total: number; methods: { method: string; count: number; total: number }[] }) {
  if (recorded.methods.length === 0) return { orders_count: recorded.orders_count, total: recorded.total };
  const terminal = recorded.methods.find((m) => m.method === 'terminal');
  return { orders_count: terminal?.count ?? 0, total: terminal?.total ?? 0 };
}

export const { $cashierClose, $cashierBusy, recordClose, closeCashier, readDay } = createCashier();
