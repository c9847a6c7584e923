// The `npm start` process itself: first start seeds, second start reuses the database, signals
// close it cleanly, and acknowledged orders survive a SIGKILL.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { answer, envelopeOf } from '../support/contract';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { AvailabilitiesSchema, ShopLoadSchema } from '~/api/contract/catalogue';
import { startProduct } from '../support/process';
import { freePort } from '../support/free-port';
import { inSeasonDay } from '../support/season';
import { orderForm } from '../support/orders';
import { CUSTOMER_FIELDS } from '~/domain/orders';


describe('npm start process', () => {
  it('seeds on first start, reuses the database on the second, and stops cleanly on SIGINT/SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'start-'));
    const port = await freePort();

    const first = await startProduct(dataDir, port);
    expect(first.output()).toContain('migrated and seeded');
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('closed cleanly');

    const second = await startProduct(dataDir, port);
    expect(second.output()).toContain('seed already applied');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    // The port taken by another program: one line saying so, no stack trace, and the data folder
    // released for the next start.
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(port, '0.0.0.0', resolve));
    const refused = await startProduct(dataDir, port).then(
      () => '',
      (err: Error) => err.message,
    );
    await new Promise((resolve) => holder.close(resolve));
    expect(refused).toContain(`Port ${port} on 0.0.0.0 is already in use`);
    expect(refused).not.toContain('Unhandled');
    const third = await startProduct(dataDir, port);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 90_000);

  it('keeps every acknowledged order when the server is killed with SIGKILL', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'durable-'));
    const port = await freePort();
    const server = await startProduct(dataDir, port);
    const from = inSeasonDay('sport-noleggio-sestriere', 40);
    const shop = await answer(await fetch(`${server.url}/api/v1/shops/slug/sport-noleggio-sestriere?from=${from}`), envelopeOf(ShopLoadSchema));
    const priceId = shop.data.products.find((p) => p.code === 'SCI-BASE')!.current_price!.id;
    const place = async (n: number) => {
      const customer = Object.fromEntries(CUSTOMER_FIELDS.map((field) => [field, '1']));
      const form = orderForm({ from, first_name: `Durable${n}`, last_name: 'Test', phone: '+39 333 0000000', email: `d${n}@example.com`, cart: [{ prices: [priceId], customer }] });
      const res = await fetch(`${server.url}/api/v1/shops/${shop.data.shop.id}/orders`, { method: 'POST', body: form });
      expect(res.status).toBe(201);
      return (await answer(res, OrderEnvelopeSchema)).data.uuid;
    };
    // Six units of SCI-BASE: every one of these is acknowledged, then the process dies at once.
    const acknowledged: string[] = [];
    for (let n = 0; n < 6; n++) acknowledged.push(await place(n));
    server.child.kill('SIGKILL');
    await server.exited;

    const restarted = await startProduct(dataDir, port);
    for (const uuid of acknowledged) {
      const res = await fetch(`${restarted.url}/api/v1/guest/orders/${uuid}`);
      expect(res.status, uuid).toBe(200);
    }
    // The bookings came back too: the product is sold out for that day.
    const avail = await answer(await fetch(`${restarted.url}/api/v1/shops/${shop.data.shop.id}/availabilities?from=${from}`), AvailabilitiesSchema);
    expect(Object.values(avail.availabilities)).toContain(0);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  }, 120_000);
});
