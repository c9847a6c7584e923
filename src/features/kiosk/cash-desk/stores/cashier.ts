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
import { PosResultSchema, type PosResult } from '../../../../api/contract/pos';
import { recordCashierClose } from '../../../../api/cashier';
import { terminalOperation } from '../../../../api/pos';
import { compareCashier, type CashierComparison } from '../../../../domain/desk-payments';
import { todayInRome } from '../../../../domain/dates';
import { TerminalOperation } from '../../../../domain/terminal';
import { terminalDeps, terminalSettings } from './desk-terminal';
import { CASHIER_CLOSE_KEY } from '../../shared/stores/storage-keys';
import { persistentValidated } from '../../../../stores/persisted';
import { NoticeMessageSchema } from '../../../../stores/notifications';
import type { ShownMessage } from '../../../../domain/messages';
import { loadApi } from '../../../../stores/api-loader';
import { errorMessage } from '../../../../api/errors';

const totals = z.object({ payments: z.number(), amount: z.number() });
const close = { key: z.string(), date: z.string() };

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
      const { orders_count, total } = await recordCashierClose(await loadApi(), { date: pending.date, pos_log: pending.report }, pending.key);
      const comparison = compareCashier(pending.report.totals ?? null, { orders_count, total });
      $cashierClose.set({ step: 'done', date: pending.date, comparison });
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
  function closeCashier(): Promise<CashierComparison> {
    return once(async () => {
      const pending = $cashierClose.get();
      if (pending.step === 'unrecorded') return record(pending);
      const started = { key: crypto.randomUUID(), date: todayInRome() };
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

  return { $cashierClose, $cashierBusy, recordClose, closeCashier };
}

export const { $cashierClose, $cashierBusy, recordClose, closeCashier } = createCashier();
