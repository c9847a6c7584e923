// Keeps this process's catalogue and availability coherent with writes committed by any process
//. The database's triggers notify `rentalp_cache` at commit (migration
// 0014_cache_notify): `o:<id>` an order's bookings changed, `u` units out on delivery changed, `c`
// the catalogue changed. Notifications are gathered and applied one batch at a time, in arrival
// order, so a slow read can never overwrite a newer one; a batch re-reads only what its
// notifications name, through the same after-commit hook as this process's own writes.
import { afterCommit, type AvailabilityDeps } from '../availability/commit';
import { RECONNECT_MIN_MS, type NotificationBus } from './bus';
import { log } from '../log';

export const CACHE_CHANNEL = 'rentalp_cache';
const ORDER = /^o:([1-9]\d{0,15})$/;

export class CacheSync {
  private orders = new Set<number>();
  private outUnits = false;
  private everything = false;
  private running: Promise<void> | null = null;

  constructor(private readonly deps: AvailabilityDeps) {}

  attach(bus: NotificationBus): void {
    bus.on(CACHE_CHANNEL, (payload) => this.receive(payload));
    bus.onResync(() => this.reloadAll());
  }

  receive(payload: string): void {
    const order = ORDER.exec(payload);
    if (order) this.orders.add(Number(order[1]));
    else if (payload === 'u') this.outUnits = true;
    else if (payload === 'c') this.everything = true;
    else return;
    this.schedule();
  }

  /** After missed notifications: the whole cache is read again. */
  reloadAll(): void {
    this.everything = true;
    this.schedule();
  }

  private schedule() {
    if (this.running) return;
    this.running = this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.everything || this.outUnits || this.orders.size > 0) {
        const everything = this.everything;
        const outUnits = this.outUnits;
        const orderIds = [...this.orders];
        this.everything = false;
        this.outUnits = false;
        this.orders.clear();
        try {
          await afterCommit(this.deps, everything ? { everything } : { reread: orderIds, outUnits });
        } catch (error) {
          // The database went away mid-read: the bus reconnects and asks for a full reload.
          log().error({ err: error }, 'cluster: cache refresh failed');
          this.everything = true;
          await new Promise((resolve) => setTimeout(resolve, RECONNECT_MIN_MS).unref());
        }
      }
    } finally {
      this.running = null;
    }
  }
}

