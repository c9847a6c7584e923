// Per-day availability of one product for the calendar's visible month (GET v1/shops/{id}/
// availabilities/days). A new month or product aborts the request in flight, so a slow answer for
// a month the visitor already left never lands; answers are kept for the life of the page, so
// going back to a month shows it at once.
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/instance';
import { AvailabilityDaysSchema } from '../../api/contract/availability';
import { byDay, type HalfCounts } from '../../domain/calendar';

export interface DayAvailabilityRequest {
  shopId: number;
  productId: number;
  from: string;
  to: string;
  editOrderCode: string | null;
}

export type DayAvailabilityState =
  | { status: 'idle' | 'loading' | 'error'; days: null }
  | { status: 'ready'; days: ReadonlyMap<string, HalfCounts> };

export function useDayAvailability(request: DayAvailabilityRequest | null): DayAvailabilityState {
  const key = request ? `${request.shopId}:${request.productId}:${request.from}:${request.to}:${request.editOrderCode ?? ''}` : null;
  const cache = useRef(new Map<string, ReadonlyMap<string, HalfCounts>>());
  const [answer, setAnswer] = useState<{ key: string; state: DayAvailabilityState } | null>(null);

  useEffect(() => {
    if (!key || !request || cache.current.has(key)) return;
    const controller = new AbortController();
    api
      .get(`v1/shops/${request.shopId}/availabilities/days`, {
        query: { product_id: request.productId, from: request.from, to: request.to, edit_order_code: request.editOrderCode },
        schema: AvailabilityDaysSchema,
        signal: controller.signal,
        quiet: true,
      })
      .then(({ data }) => {
        const days = byDay(data);
        cache.current.set(key, days);
        setAnswer({ key, state: { status: 'ready', days } });
      })
      .catch(() => {
        if (!controller.signal.aborted) setAnswer({ key, state: { status: 'error', days: null } });
      });
    return () => controller.abort();
    // `key` holds everything the request depends on.
  }, [key]);

  if (!key) return { status: 'idle', days: null };
  const cached = cache.current.get(key);
  if (cached) return { status: 'ready', days: cached };
  // An answer for another key (the previous month or product) is never shown for this one.
  return answer?.key === key ? answer.state : { status: 'loading', days: null };
}
