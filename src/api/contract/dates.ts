// The booking's date fields on the wire and in the cart: the spec's date modes (`multipleDates`)
// and a calendar day in Europe/Rome.
import * as z from 'zod/mini';
import { DateModes } from '../../domain/dates';

/** `multipleDates`: one of the spec's date modes (src/domain/dates.ts DateModes). */
export const DateModeSchema = z.union([
  z.literal(DateModes.MORNING),
  z.literal(DateModes.AFTERNOON),
  z.literal(DateModes.SINGLE),
  z.literal(DateModes.RANGE),
  z.literal(DateModes.SEASONAL),
]);

/** A calendar day in Europe/Rome, 'YYYY-MM-DD'. */
export const DaySchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
