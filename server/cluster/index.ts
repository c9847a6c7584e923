// What an API process runs beside its HTTP server so that several of them can share one database
//. On PostgreSQL: the notification bus, the cache kept coherent through it, and the
// local realtime endpoint's events relayed to the other processes. On both databases: the sweep
// that fires timers once (on PGlite there is one process, but the same rows survive a restart).
import type { AppDeps } from '../http/context';
import { LocalRealtime } from '../realtime/local';
import { NotificationBus } from './bus';
import { relayRealtime } from './realtime-relay';
import { CacheSync } from './sync';
import { startSweeper } from './timers';

export interface Coordination {
  /** Null on PGlite (one process: nothing to tell anyone). */
  bus: NotificationBus | null;
  sync: CacheSync | null;
  close(): Promise<void>;
}

export async function startCoordination(deps: AppDeps): Promise<Coordination> {
  const stopSweeper = startSweeper(deps);
  const { database } = deps;
  if (database.driver !== 'postgres' || !database.url) {
    return { bus: null, sync: null, close: stopSweeper };
  }
  const bus = new NotificationBus(database.url, database.db);
  const sync = new CacheSync(deps);
  sync.attach(bus);
  if (deps.realtime instanceof LocalRealtime) relayRealtime(bus, deps.realtime, database.db);
  await bus.start();
  // Writes committed between this process's start-up load and its LISTEN would be missed.
  sync.reloadAll();
  return {
    bus,
    sync,
    async close() {
      await stopSweeper();
      await bus.close();
    },
  };
}
