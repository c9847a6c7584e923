// Builds everything the API needs from a database and a data folder; shared by `npm start`,
// `npm run dev` and the tests so they run the same wiring.
import path from 'node:path';
import type { Database } from './db/client';
import { CatalogueCache } from './catalogue/cache';
import { createMailer } from './mail/mailer';
import { RateLimiter } from './http/rate-limit';
import type { AppDeps } from './http/context';
import { trailsDir } from './db/seed/seo';
import { createRealtime, type Realtime } from './realtime/index';

export interface DepsOptions {
  database: Database;
  /** Folder for uploads and the mail outbox. */
  dataDir: string;
  smtpUrl?: string;
  now?: () => Date;
  /** Defaults to the driver the environment selects (PUSHER_* set: Pusher; otherwise local). */
  realtime?: Realtime;
}

export async function createDeps(options: DepsOptions): Promise<AppDeps> {
  const now = options.now ?? (() => new Date());
  const catalogue = new CatalogueCache(now);
  await catalogue.load(options.database.db);
  return {
    database: options.database,
    catalogue,
    realtime: options.realtime ?? createRealtime(),
    mailer: createMailer({ outboxDir: path.join(options.dataDir, 'outbox'), smtpUrl: options.smtpUrl }),
    limiter: new RateLimiter(() => now().getTime()),
    uploadsDir: path.join(options.dataDir, 'uploads'),
    trailsDir,
    now,
  };
}
