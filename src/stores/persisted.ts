// A persistent atom whose stored value is checked with zod when read back: garbage, or the shape
// of an older release, resets to the default instead of breaking the page. Changes made in another
// tab arrive through the storage event (nanostores/persistent listens by default).
import { persistentAtom } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';
import type { z } from 'zod';

/** `stored` picks what of the value is written (by default all of it). */
export function persistentValidated<S extends z.ZodType>(
  key: string,
  schema: S,
  initial: () => z.output<S>,
  stored: (value: z.output<S>) => unknown = (value) => value,
): WritableAtom<z.output<S>> {
  return persistentAtom<z.output<S>>(key, initial(), {
    encode: (value) => JSON.stringify(stored(value)),
    decode: (raw) => {
      try {
        const parsed = schema.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data : initial();
      } catch {
        return initial();
      }
    },
  });
}
