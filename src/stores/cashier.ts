// Closing the cashier at the end of the day (issue #13): the terminal closes (40) and reports what
// it took; the API records the close and answers what it recorded; staff see both and the
// difference. The terminal's report is kept if the API does not answer, so the close is recorded
// by a retry, never by closing the terminal a second time (its totals restart at each close).
import type { PosResult } from '../api/contract/pos';
import { recordCashierClose } from '../api/cash-desk';
import { terminalOperation } from '../api/pos';
import { compareCashier, type CashierComparison } from '../domain/desk-payments';
import { todayInRome } from '../domain/dates';
import { TerminalOperation } from '../domain/terminal';
import { terminalDeps, terminalSettings } from './cash-desk';

/** The terminal closed but the API did not record it: retry with `recordClose(report)`. */
export class CashierRecordError extends Error {
  constructor(
    message: string,
    readonly report: PosResult,
  ) {
    super(message);
  }
}

/** Records a close the terminal already made and compares the totals. */
export async function recordClose(report: PosResult, date = todayInRome()): Promise<CashierComparison> {
  try {
    const recorded = await recordCashierClose({ date, pos_log: report });
    return compareCashier(report.totals ?? null, recorded);
  } catch (err) {
    throw new CashierRecordError(err instanceof Error ? err.message : String(err), report);
  }
}

/** Closes the terminal's day (40), then records it. A terminal failure throws its TerminalError. */
export async function closeCashier(): Promise<CashierComparison> {
  const report = await terminalOperation(terminalSettings(), TerminalOperation.CLOSE_CASHIER, {}, await terminalDeps());
  return recordClose(report);
}
