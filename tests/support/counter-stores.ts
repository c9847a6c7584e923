// The delivery and pickup counters' stores back to an empty counter between unit tests (the
// stores keep module state: timers, the outbox's sender, the drafts), in one place for every file
// that drives them against the test API.
import * as outbox from '../../src/features/kiosk/shared/stores/kiosk-outbox';
import * as delivery from '../../src/features/kiosk/counter/stores/delivery';
import * as pickup from '../../src/features/kiosk/counter/stores/pickup';

export function resetCounters(): void {
  outbox.resetOutboxForTests();
  delivery.resetDeliveryForTests();
  pickup.resetPickupForTests();
  delivery.closeDeliveryOrder();
  pickup.closePickup();
  outbox.$outbox.set([]);
}
