// Per-day availability of one product for the calendar's visible month. The store
// (src/features/customer/booking/stores/day-availability.ts) reads it and keeps it fresh while the page is visible; this hook
// only starts and stops that for the month and product on screen, and reads the answer.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { HalfCounts } from '~/domain/calendar';
import { $dayAvailability, dayAvailabilityKey, watchDayAvailability, type DayAvailabilityRequest } from './stores/day-availability';

export type { DayAvailabilityRequest };

export type DayAvailabilityState =
  | { status: 'idle' | 'loading' | 'error'; days: null }
  | { status: 'ready'; days: ReadonlyMap<string, HalfCounts> };

export function useDayAvailability(request: DayAvailabilityRequest | null): DayAvailabilityState {
  const key = request ? dayAvailabilityKey(request) : null;
  const answers = useStore($dayAvailability);

  useEffect(() => {
    if (!request) return;
    // A new month or product stops the previous watch (and its request in flight).
    return watchDayAvailability(request);
    // `key` holds everything the request depends on.
  }, [key]);

  if (!key) return { status: 'idle', days: null };
  // An answer for another key (the previous month or product) is never shown for this one.
  const answer = answers[key];
  if (!answer) return { status: 'loading', days: null };
  return answer.status === 'ready' ? { status: 'ready', days: answer.days } : { status: 'error', days: null };
}
