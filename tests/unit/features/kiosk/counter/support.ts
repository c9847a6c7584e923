// Fresh delivery and pickup counters for a unit test that drives them against the test API: their
// own outbox (its queue read back from the kiosk's storage), and the two counters sending through
// it, as a kiosk page makes them. A test makes new ones instead of resetting the page's: nothing of
// the test before (a queued send, a listener) reaches the next, and the outbox's retry timers are
// cleared when each test ends.
import { afterEach } from 'vitest';
import { createOutbox, type OutboxOptions } from '~/features/kiosk/shared/stores/kiosk-outbox';
import { createDelivery } from '~/features/kiosk/counter/stores/delivery';
import { createPickup } from '~/features/kiosk/counter/stores/pickup';
import { clearedAtTheEnd } from '~tests/support/timers';

const timers = clearedAtTheEnd();
afterEach(() => timers.clear());

export function freshCounters(options: OutboxOptions = {}) {
  const outbox = createOutbox({ schedule: timers.schedule, ...options });
  return { outbox, delivery: createDelivery({ outbox }), pickup: createPickup({ outbox }) };
}

export type Counters = ReturnType<typeof freshCounters>;
