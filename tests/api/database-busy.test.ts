// The embedded database busy: a request that waits too long for its turn answers 503
// with Retry-After instead of hanging, and what it asked for is never done afterwards.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '~server/db/client';
import { createDeps } from '~server/deps';
import { testConfig } from '../support/config';
import { createApp } from '~server/app';
import { MessageResponseSchema } from '~/api/contract/auth';

const QUEUE_TIMEOUT_MS = 1000;

describe('embedded database busy', () => {
  it('answers 503 "busy" past the queue timeout, then serves again', async () => {
    // Long enough for the set-up's own queries to wait their turns on a loaded machine (at 50 ms the
    // catalogue's eight parallel reads timed out in CI); the request below waits it out in full.
    const database = await openDatabase({ dataDir: 'memory://', queueTimeoutMs: QUEUE_TIMEOUT_MS });
    await database.migrate();
    const deps = await createDeps({ database, config: testConfig({ dataDir: mkdtempSync(path.join(tmpdir(), 'busy-')) }) });
    const app = createApp(deps);
    let release!: () => void;
    const held = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await new Promise<void>((resolve) => (release = resolve));
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const res = await app.request('/api/health', { headers: { 'content-language': 'en' } });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(MessageResponseSchema.parse(await res.json())).toEqual({ message: 'The service is very busy right now: please try again in a few seconds.' });
    release();
    await held;
    expect((await app.request('/api/health')).status).toBe(200);
    await deps.realtime.close();
    await database.close();
  });
});
