// A burst of logins at the production scrypt cost (unknown usernames, under the per-address
// limit): at most MAX_CONCURRENT_HASHES hashes run at once and MAX_WAITING_HASHES wait; the rest
// are answered 503 with Retry-After at once, none 500, and the process's memory stays within
// 100 MB of idle (in-process API: the hashes run in this very process). On PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_SCRYPT, MAX_CONCURRENT_HASHES, MAX_WAITING_HASHES, PRODUCTION_SCRYPT } from '~server/auth/passwords';
import { testDrivers } from '../support/databases';
import { createTestApi, type TestApi } from '../support/app';

const LOGINS = 30;
const MB = 1024 * 1024;

describe.each(testDrivers)('password hashing under a burst of logins on $name', (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(driver);
    api.deps.passwordHashing = PRODUCTION_SCRYPT;
  }, 120_000);
  afterAll(async () => {
    api.deps.passwordHashing = FAST_SCRYPT;
    await api.dispose();
  });

  const login = async (lang = 'it') => {
    const started = Date.now();
    const res = await api.request('/api/v1/login', { method: 'POST', lang, json: { username: `nessuno-${randomUUID()}@example.com`, password: 'Indovina-1!' } });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { message: string }, ms: Date.now() - started };
  };

  it(`answers ${LOGINS} parallel logins with 422 or 503 + Retry-After, never 500, within 100 MB of idle memory`, async () => {
    // Warm: the unknown-user hash made once, the route's code loaded.
    expect((await login()).status).toBe(422);
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const probe = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    let answers: Awaited<ReturnType<typeof login>>[];
    try {
      answers = await Promise.all(Array.from({ length: LOGINS }, (_, i) => login(i % 2 ? 'en' : 'it')));
    } finally {
      clearInterval(probe);
    }
    const statuses = answers.map((a) => a.status);
    console.info(
      `${driver.name}: ${LOGINS} logins, RSS idle ${Math.round(idle / MB)} MB, peak +${Math.round((peak - idle) / MB)} MB, slowest ${Math.max(...answers.map((a) => a.ms))} ms,`,
      `answers ${JSON.stringify(Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length])))}`,
    );
    expect(statuses.filter((s) => s !== 422 && s !== 503)).toEqual([]);
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const a of busy) {
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
      expect(a.body.message).toMatch(/^(Il servizio è molto occupato|The service is very busy)/);
    }
    expect(peak - idle).toBeLessThan(100 * MB);
    // Those that found a slot or a place in the queue were checked (a wrong password).
    expect(statuses.filter((s) => s === 422).length).toBeGreaterThanOrEqual(MAX_CONCURRENT_HASHES + MAX_WAITING_HASHES);
    // The queue drained: the next login is checked again.
    expect((await login()).status).toBe(422);
  }, 120_000);
});
