// The people a customer rents for ("returning skiers"): GET/POST v1/user/people,
// PATCH/DELETE v1/user/people/{id}. Stored by the API for the account, offered as one-tap choices
// in the booking flow's "Per chi è …?" dialog and edited on the account page. The same rules the
// dialog applies (src/domain/people.ts bounds and levels) so the API and the forms agree.
import * as z from 'zod/mini';
import { CUSTOMER_LEVELS, MEASURE_BOUNDS } from '~/domain/people';
import { parseDecimal } from '~/domain/validators';
import { noControlCharacters, requiredString } from './fields';

/** People one account keeps: a family or a ski club's regulars, without an unbounded table. */
export const MAX_PEOPLE_PER_ACCOUNT = 30;
/** The same length as an order's customer names (OrderFormCustomerSchema). */
export const PERSON_NAME_MAX = 100;

/** A measure as a number or a numeric string ("43", "42,5"), within its bounds. */
const measure = (bounds: { min: number; max: number }) =>
  z.pipe(
    z.pipe(
      z.union(
        [
          z.number(),
          z
            .string()
            .check(
              z.trim(),
              noControlCharacters(),
              z.minLength(1, { message: 'validators.required', abort: true }),
              // The forms' rule (src/domain/validators.ts numberRange): not a number fails as blank.
              z.refine((v: string) => !Number.isNaN(parseDecimal(v)), 'validators.required'),
            ),
        ],
        { error: 'validators.required' },
      ),
      z.transform((v: number | string) => (typeof v === 'number' ? v : parseDecimal(v))),
    ),
    z.number().check(z.gte(bounds.min, 'validators.minValue'), z.lte(bounds.max, 'validators.maxValue')),
  );

const level = () =>
  z
    .string({ error: 'validators.required' })
    .check(
      z.trim(),
      noControlCharacters(),
      z.minLength(1, { message: 'validators.required', abort: true }),
      z.refine((v: string) => CUSTOMER_LEVELS.includes(v), 'validators.invalid'),
    );

/** A person's name: requiredString refuses control characters (NUL among them, which PostgreSQL text refuses). */
const name = () => requiredString(PERSON_NAME_MAX);

/** POST v1/user/people: every field, as the dialog asks them. */
export const PersonInputSchema = z.object({
  first_name: name(),
  last_name: name(),
  height: measure(MEASURE_BOUNDS.height),
  weight: measure(MEASURE_BOUNDS.weight),
  shoe_size: measure(MEASURE_BOUNDS.shoe_size),
  level: level(),
});
export type PersonInput = z.input<typeof PersonInputSchema>;

/** PATCH v1/user/people/{id}: any of the fields (rename, new measures); absent ones stay. */
export const PersonPatchSchema = z.partial(PersonInputSchema);
export type PersonPatch = z.input<typeof PersonPatchSchema>;

export const PersonSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  height: z.number(),
  weight: z.number(),
  shoe_size: z.number(),
  level: z.string(),
});
export type Person = z.infer<typeof PersonSchema>;

export const PersonEnvelopeSchema = z.object({ data: PersonSchema });
export const PeopleEnvelopeSchema = z.object({ data: z.array(PersonSchema) });
export const PersonDeletedSchema = z.object({ data: z.object({ id: z.number(), deleted: z.literal(true) }) });

/**
 * Two people are the same when their names match ignoring case and repeated spaces: the key
 * an order's skier is matched by (dedupe by name), and what the database keeps unique per account.
 */
export function personNameKey(firstName: string, lastName: string): string {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase('it');
  return `${norm(firstName)}\n${norm(lastName)}`;
}
