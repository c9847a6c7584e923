// POST v1/totem/close_cashier honours the `Idempotency-Key` header (server/http/
// idempotency.ts): the kiosk retries a close whose answer was lost with the same key and gets the
// first close back (same status and body, `Idempotent-Replayed: true`), never a second recorded
// close; another key is another close. On PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cashierClosings, totems } from '~server/db/schema/index';
import { IDEMPOTENCY_HEADER } from '~/api/contract/idempotency';
import { CloseCashierResponseSchema } from '~/api/contract/staff';
import { testDrivers } from '../support/databases';
import { day } from '../support/orders';
import { pairedKiosks } from '../support/staff';

describe.each(testDrivers)('the cashier close with an Idempotency-Key on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);

  async function close(key: string, date: string) {
    const res = await api.request('/api/v1/totem/close_cashier', {
      method: 'POST',
      token: k.cash,
      json: { date, pos_log: { operation: 40, totals: { payments: 0, amount: 0 } } },
      headers: { [IDEMPOTENCY_HEADER]: key },
    });
    return { status: res.status, body: (await res.json()) as unknown, replayed: res.headers.get('idempotent-replayed') === 'true' };
  }
  async function closings(date: string): Promise<number> {
    const [desk] = await api.deps.database.db.select().from(totems).where(eq(totems.code, 'BARD-03'));
    const [row] = await api.deps.database.db
      .select({ n: count() })
      .from(cashierClosings)
      .where(and(eq(cashierClosings.totemId, desk!.id), eq(cashierClosings.date, date)));
    return row!.n;
  }

  it('records one close for the same key sent twice, answering the same both times', async () => {
    const date = day(0);
    const before = await closings(date);
    const key = randomUUID();
    const first = await close(key, date);
    expect(first).toMatchObject({ status: 201, replayed: false });
    expect(CloseCashierResponseSchema.parse(first.body).data).toMatchObject({ date, totem: 'BARD-03' });
    const retry = await close(key, date);
    expect(retry).toEqual({ ...first, replayed: true });
    expect(await closings(date)).toBe(before + 1);

    // A close of its own (another key) is recorded again.
    const another = await close(randomUUID(), date);
    expect(another.status).toBe(201);
    expect(CloseCashierResponseSchema.parse(another.body).data.id).not.toBe(CloseCashierResponseSchema.parse(first.body).data.id);
    expect(await closings(date)).toBe(before + 2);
  });
});
