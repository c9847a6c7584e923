// A kiosk's confirmation carries its own moment (`date`, when staff pressed Confirm) and may reach
// the API long after it: the kiosk's outbox keeps it through an outage and sends it again until it
// is answered. Its Idempotency-Key answers a repetition within IDEMPOTENCY_TTL_MS (24 h); past that,
// or for a confirmation whose first run was lost with its key, it runs again. What happened to the
// unit after the confirmation's moment says whether it is stale:
// - a hand-out at T of a unit whose return was recorded after T: that return closed this very
//   hand-out (or one the records put after it); handing it out again would put a returned unit back
//   out and make the order uneditable;
// - a return at T of a unit whose open hand-out went out after T: that hand-out is a new one, not
//   the one this return was for;
// - undoing at T a return recorded after T: that return is a later one, not the one staff undid.
// Each is refused on the unit (422), so the kiosk shows why next to it.
// A return's business moment (datetime_return) cannot say when it was recorded: staff date it on
// the day the unit came back (the pickup's return day), before or after the day they record it.
// So the API keeps when it wrote it (return_recorded_at, its own clock), and a return counts as
// recorded then (returnRecordedMoment). A pickup compares T with the open hand-out's own moment
// (datetime_delivery): the kiosk dates a hand-out with its Confirm, and one is refused above unless
// it comes after every return recorded, so a new hand-out is always dated after the return it
// follows. Comparing with when the hand-out was written (delivery_recorded_at, kept for the
// record) would refuse the return of one queued in an outage, written after the return's moment.
import { and, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deliveryDetails } from '../db/schema/index';
import { dayToDisplay, romeTime, toRomeDay } from '~/domain/dates';

type Return = { datetimeReturn: Date | null; returnRecordedAt: Date | null };

/**
 * When a return counts as recorded: when the API wrote it, unless it is dated earlier that same
 * Rome day. The kiosk dates a return on the day it is confirmed with the moment of Confirm
 * (pickupDate), so that date is when staff recorded it: a return queued in an outage and written
 * hours later still comes before the hand-out or undo staff confirmed after it in that outage. One
 * dated on another day was dated by staff (or queued overnight): only when it was written is known.
 */
export function returnRecordedMoment({ datetimeReturn: back, returnRecordedAt: written }: Return): Date | null {
  if (!back || !written) return null;
  return back < written && toRomeDay(back) === toRomeDay(written) ? back : written;
}

/** Whether this return was recorded after `at` (returnRecordedMoment). */
export function returnRecordedAfter(detail: Return, at: Date): boolean {
  const recorded = returnRecordedMoment(detail);
  return recorded !== null && recorded > at;
}

/**
 * The units of these whose return was recorded after `at`, each with the business moment of the
 * latest such return (the one a refusal names); a unit with none is missing.
 */
export async function returnsAfter(db: Db, unitIds: readonly number[], at: Date): Promise<Map<number, Date>> {
  if (unitIds.length === 0) return new Map();
  // Written after `at` is necessary (a return never counts as recorded after it was written).
  const rows = await db
    .select({ unit: deliveryDetails.specificProductId, datetimeReturn: deliveryDetails.datetimeReturn, returnRecordedAt: deliveryDetails.returnRecordedAt })
    .from(deliveryDetails)
    .where(and(inArray(deliveryDetails.specificProductId, [...unitIds]), gt(deliveryDetails.returnRecordedAt, at)));
  const latest = new Map<number, { back: Date; recorded: Date }>();
  for (const row of rows) {
    const recorded = returnRecordedMoment(row);
    if (!recorded || recorded <= at) continue;
    const seen = latest.get(row.unit);
    if (!seen || recorded > seen.recorded) latest.set(row.unit, { back: row.datetimeReturn!, recorded });
  }
  return new Map([...latest].map(([unit, { back }]) => [unit, back]));
}

/** "23/12/2026 18:59": the Rome day and time of a moment, as the refusals name it. */
export const momentToDisplay = (at: Date): string => `${dayToDisplay(toRomeDay(at))} ${romeTime(at)}`;
