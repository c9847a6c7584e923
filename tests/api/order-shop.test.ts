// The order answer tells where and when to pick the equipment up: the shop's address, its opening
// hours in each language and a map link, where the shop's data has them; an answer without them
// (an older server) still parses.
import { describe, expect, it } from 'vitest';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { CUSTOMER, orderForm, pick, postOrder } from '../support/orders';
import { answer } from '../support/contract';
import { inSeasonDay } from '../support/season';
import { OrderEnvelopeSchema, OrderResponseSchema } from '~/api/contract/orders';

const day = (n: number) => inSeasonDay([1, 10], n);

describe.each(testDrivers)("the shop of an order's answer on $name", (driver) => {
  const api = seededApi(driver);

  const place = async (shopId: number, n: number) => {
    const { main } = await pick(api, shopId, 'SCI-BASE', { from: day(n), to: day(n) });
    const placed = await postOrder(api, shopId, orderForm({ from: day(n), cart: [{ prices: [main.id], customer: CUSTOMER }] }));
    expect(placed.status).toBe(201);
    return placed.order!;
  };

  it("gives the shop's address, its hours as its page says them and a map on its pin, when placed and when read by the guest link", async () => {
    const placed = await place(1, 5);
    const expected = {
      id: 1,
      slug: 'sport-noleggio-sestriere',
      label: 'Sport Noleggio Sestriere',
      address: 'Via Louset 14, 10058 Sestriere',
      phone: '+39 0122 755 214',
      opening_hours: {
        it: 'Dicembre–aprile: tutti i giorni 8:00–18:30',
        en: 'December–April: daily 8am–6:30pm',
        fr: 'Décembre–avril : tous les jours 8h–18h30',
      },
      map_url: 'https://www.openstreetmap.org/?mlat=44.9574&mlon=6.8801#map=17/44.9574/6.8801',
    };
    expect(placed.shop).toEqual(expected);
    const read = await answer(await api.request(`/api/v1/guest/orders/${placed.uuid}`), OrderEnvelopeSchema);
    expect(read.data.shop).toEqual(expected);
  });

  it("writes a shop's hours from its weekly spans, in each language, when its page has no text for them", async () => {
    const placed = await place(10, 6);
    expect(placed.shop?.opening_hours).toEqual({ it: 'lun–dom 08:30–17:30', en: 'Mon–Sun 08:30–17:30', fr: 'lun.–dim. 08:30–17:30' });
    expect(placed.shop?.address).toBe('Piazzale Prato Nevoso 5, 12083 Prato Nevoso');
  });

  it('searches the address on a map for a shop without coordinates', async () => {
    const row = api.deps.catalogue.shopById(1)!.row;
    const { lat, lon } = row;
    row.lat = null;
    row.lon = null;
    try {
      const placed = await place(1, 7);
      expect(placed.shop?.map_url).toBe(
        `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Sport Noleggio Sestriere, Via Louset 14, 10058 Sestriere, Italia')}`,
      );
    } finally {
      row.lat = lat;
      row.lon = lon;
    }
  });

  it('parses an answer whose shop has only its id, slug and name', async () => {
    const placed = await place(1, 8);
    const old = { ...placed, shop: { id: 1, slug: 'sport-noleggio-sestriere', label: 'Sport Noleggio Sestriere' } };
    const parsed = OrderResponseSchema.safeParse(JSON.parse(JSON.stringify(old)));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.shop).toEqual(old.shop);
  });
});
