// A persistent atom whose stored value is checked with zod when read back: garbage, or the shape
// of an older release, resets to the default instead of breaking the page. Changes made in another
// tab arrive through the storage event (nanostores/persistent listens by default).
import { persistentAtom } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';
import type * as z from 'zod/mini';

/** `stored` picks what of the value is written (by default all of it). */
export function persistentValidated<S extends z.ZodMiniType>(
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
        if (parsed.success) return parsed.data;
      } catch {
        // Not JSON: kept aside below like any unreadable value.
      }
      keepAside(key, raw);
      return initial();
    },
  });
}

/**
 * The next write replaces an unreadable value (another release's shape, a damaged entry): keep
 * the raw text under `{key}.unreadable` first, so queued kiosk confirmations or a payment in
 * flight can still be recovered by hand instead of vanishing.
 */
function keepAside(key: string, raw: string): void {
  try {
    if (typeof localStorage !== 'undefined' && raw) localStorage.setItem(`${key}.unreadable`, raw);
  } catch {
    // Storage full or unavailable: nothing more can be done here.
  }
}
