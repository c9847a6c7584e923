// Builds everything the API needs from a database and a data folder; shared by `npm start`,
// `npm run dev` and the tests so they run the same wiring.
import path from 'node:path';
import type { Database } from './db/client';
import { CatalogueCache } from './catalogue/cache';
import { createMailer } from './mail/mailer';
import { RateLimiter } from './http/rate-limit';
import type { AppDeps } from './http/context';
import { trailsDir } from './db/seed/seo';

export interface DepsOptions {
  database: Database;
  /** Folder for uploads and the mail outbox. */
  dataDir: string;
  smtpUrl?: string;
  now?: () => Date;
}

export async function createDeps(options: DepsOptions): Promise<AppDeps> {
  const now = options.now ?? (() => new Date());
  const catalogue = new CatalogueCache();
  await catalogue.load(options.database.db);
  return {
    database: options.database,
    catalogue,
    mailer: createMailer({ outboxDir: path.join(options.dataDir, 'outbox'), smtpUrl: options.smtpUrl }),
    limiter: new RateLimiter(() => now().getTime()),
    uploadsDir: path.join(options.dataDir, 'uploads'),
    trailsDir,
    now,
  };
}
