// A kiosk's confirmation carries its own moment (`date`, when staff pressed Confirm) and may reach
// the API long after it: the kiosk's outbox keeps it through an outage and sends it again until it
// is answered. Its Idempotency-Key answers a repetition within IDEMPOTENCY_TTL_MS (24 h); past that,
// or for a confirmation whose first run was lost with its key, it runs again. What happened to the
// unit after the confirmation's moment says whether it is stale:
// - a hand-out at T of a unit that came back after T: that return closed this very hand-out (or one
//   the records put after it); handing it out again would put a returned unit back out and make
//   the order uneditable;
// - a return at T of a unit whose open hand-out began after T: that hand-out is a new one, not the
//   one this return was for;
// - undoing at T a return recorded after T: that return is a later one, not the one staff undid.
// Each is refused on the unit (422), so the kiosk shows why next to it.
import { and, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deliveryDetails } from '../db/schema/index';
import { dayToDisplay, romeTime, toRomeDay } from '../../src/domain/dates';

/** The latest return after `at` of each of these units (a unit not back since is missing). */
export async function returnsAfter(db: Db, unitIds: readonly number[], at: Date): Promise<Map<number, Date>> {
  if (unitIds.length === 0) return new Map();
  const rows = await db
    .select({ unit: deliveryDetails.specificProductId, back: deliveryDetails.datetimeReturn })
    .from(deliveryDetails)
    .where(and(inArray(deliveryDetails.specificProductId, [...unitIds]), gt(deliveryDetails.datetimeReturn, at)));
  const latest = new Map<number, Date>();
  for (const { unit, back } of rows) {
    const seen = latest.get(unit);
    if (back && (!seen || back > seen)) latest.set(unit, back);
  }
  return latest;
}

/** "23/12/2026 18:59": the Rome day and time of a moment, as the refusals name it. */
export const momentToDisplay = (at: Date): string => `${dayToDisplay(toRomeDay(at))} ${romeTime(at)}`;
