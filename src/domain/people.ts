// A person an item is booked for: the choices and bounds that the booking's customer form, the
// account's people, the cash desk and the API's contract (src/api/contract/people.ts) all apply.

/** The levels a person can be booked at (the booking's customer form and the cash desk's). */
export const CUSTOMER_LEVELS: readonly string[] = ['principiante', 'intermedio', 'esperto'];

/** Bounds of a person's measures: height (cm), weight (kg), shoe size (EU). */
export const MEASURE_BOUNDS = {
  height: { min: 50, max: 250 },
  weight: { min: 10, max: 250 },
  shoe_size: { min: 1, max: 52 },
} as const;

/** A person as a form holds it (the booking's, the account's, the cash desk's): every field text, '' when not given. */
export type PersonForm = Record<'first_name' | 'last_name' | 'height' | 'weight' | 'shoe_size' | 'level', string>;
