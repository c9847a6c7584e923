// Consent to the rental terms, the cancellation policy and the privacy notice: an order placed on
// the site carries the version in force (src/domain/terms.ts), stored with the moment it was given
// and answered with the order and in its export; none or an older one is refused (422 on
// terms_version) before anything is written. A kiosk's order may go without it (signed at the counter).
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '~server/db/schema/index';
import { TERMS_VERSION } from '~/domain/terms';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { orderForm, pick, postOrder } from '../support/orders';
import { answer } from '../support/contract';
import { pair, totemOf } from '../support/staff';
import { inSeasonDay } from '../support/season';

/** Bardonecchia Sport Rent: its demo kiosk BARD-02 (admin) may place orders without a document. */
const SHOP = 6;
const day = (n: number) => inSeasonDay(SHOP, n);

describe.each(testDrivers)('terms consent on orders on $name', (driver) => {
  const api = seededApi(driver);
  let price: number;
  beforeAll(async () => {
    price = (await pick(api, SHOP, 'CIASPOLE', { from: day(50), to: day(50) })).main.id;
  }, 120_000);

  const orderCount = async () => (await api.deps.database.db.select({ n: count() }).from(orders))[0]!.n;
  const place = (terms: string | null, init: { token?: string; lang?: string } = {}) =>
    postOrder(api, SHOP, orderForm({ from: day(50), cart: [{ prices: [price] }], terms_version: terms, email: 'termini@example.com' }), init);

  it('refuses an order without the consent, or with an older version, on terms_version, writing nothing', async () => {
    const before = await orderCount();
    const missing = await place(null);
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      message: "Per confermare l'ordine accetta le condizioni di noleggio, la politica di cancellazione e l'informativa sulla privacy",
      errors: { terms_version: ["Per confermare l'ordine accetta le condizioni di noleggio, la politica di cancellazione e l'informativa sulla privacy"] },
    });
    const outdated = await place('2020-01-01', { lang: 'en_GB' });
    expect(outdated.status).toBe(422);
    expect(outdated.body).toEqual({
      message: 'The rental terms have changed: reload the page, read them and accept them again',
      errors: { terms_version: ['The rental terms have changed: reload the page, read them and accept them again'] },
    });
    const french = await place(null, { lang: 'fr_FR' });
    expect(french.body).toMatchObject({ errors: { terms_version: [expect.stringMatching(/^Pour confirmer la commande, acceptez les conditions de location/)] } });
    expect(await orderCount()).toBe(before);
  });

  it('stores the version accepted and when, and answers them with the order and in its export', async () => {
    const placed = await place(TERMS_VERSION);
    expect(placed.status).toBe(201);
    expect(placed.order.terms_version).toBe(TERMS_VERSION);
    // When it was placed, by the server's clock (the tests' own).
    expect(Math.abs(Date.parse(placed.order.terms_accepted_at!) - api.deps.now().getTime())).toBeLessThan(60_000);
    // Read back, not only the write's answer.
    const read = (await answer(await api.request(`/api/v1/guest/orders/${placed.order.uuid}`), OrderEnvelopeSchema)).data;
    expect([read.terms_version, read.terms_accepted_at]).toEqual([TERMS_VERSION, placed.order.terms_accepted_at]);
    const csv = await (await api.request(`/api/v1/orders/${placed.order.uuid}/export`)).text();
    expect(csv).toContain(`"Condizioni accettate";"${TERMS_VERSION}";"${placed.order.terms_accepted_at}"`);
  });

  it("takes a kiosk's order without it (signed at the counter), and records one the kiosk sends", async () => {
    const kiosk = await pair(api, totemOf('BARD-02').pairingCode);
    const without = await place(null, { token: kiosk });
    expect(without.status).toBe(201);
    expect([without.order.terms_version, without.order.terms_accepted_at]).toEqual([null, null]);
    const withConsent = await place(TERMS_VERSION, { token: kiosk });
    expect(withConsent.order.terms_version).toBe(TERMS_VERSION);
    // An older version is refused from a kiosk too: it would record terms nobody showed.
    expect((await place('2020-01-01', { token: kiosk })).status).toBe(422);
  });
});
