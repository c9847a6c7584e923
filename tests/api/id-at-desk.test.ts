// "I will show my ID at the desk": a public kiosk's customer may place an order without an identity
// document by saying so; the order carries the flag (id_at_desk) for the cash desk and the delivery
// counter, and its edits keep it. From anyone else the flag is refused, and a public kiosk's order
// with neither a document nor the flag is refused as before.
import { describe, expect, it } from 'vitest';
import { testDrivers } from '../support/databases';
import { day, orderForm, pick, postOrder } from '../support/orders';
import { call, idDocument, pairedKiosks, SHOP } from '../support/staff';

const DOCUMENT_REQUIRED = "Carica almeno un documento d'identità";
const KIOSK_ONLY = 'Si può mostrare il documento alla cassa solo ordinando dal chiosco del negozio';

describe.each(testDrivers)('showing the ID at the desk on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);

  /** A one-item order of the demo shop, `atDesk` sent as the checkout sends it. */
  const place = async (offset: number, token: string | undefined, options: { atDesk?: boolean; withDocument?: boolean } = {}) => {
    const { main } = await pick(api, SHOP, 'CITYBIKE', { from: day(offset), to: day(offset) });
    const form = orderForm({
      from: day(offset),
      cart: [{ prices: [main.id] }],
      medias: options.withDocument ? [{ file: idDocument() }] : [],
      extra: options.atDesk ? { id_at_desk: '1' } : {},
    });
    return postOrder(api, SHOP, form, { token });
  };

  it('a public kiosk places an order without a document when the customer will show it at the desk; the staff read the flag', async () => {
    const placed = await place(70, k.public, { atDesk: true });
    expect(placed.status).toBe(201);
    expect(placed.order.id_at_desk).toBe(true);
    const read = await call(api, 'GET', `/api/v1/orders/${placed.order.id}`, k.admin);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id_at_desk: true, document_missing: true, medias: [] });
  });

  it('a public kiosk without the flag and without a document is refused under medias, as before', async () => {
    const refused = await place(71, k.public);
    expect([refused.status, refused.body]).toEqual([422, { message: DOCUMENT_REQUIRED, errors: { medias: [DOCUMENT_REQUIRED] } }]);
    const withDocument = await place(71, k.public, { withDocument: true });
    expect([withDocument.status, withDocument.order.id_at_desk]).toEqual([201, false]);
  });

  it('the site and the staff kiosks cannot send the flag (422 on id_at_desk); a site order without it follows its own rule', async () => {
    for (const token of [undefined, k.admin, k.cash]) {
      const refused = await place(72, token, { atDesk: true });
      expect([refused.status, refused.body]).toEqual([422, { message: KIOSK_ONLY, errors: { id_at_desk: [KIOSK_ONLY] } }]);
    }
    const site = await place(72, undefined);
    expect([site.status, site.order.id_at_desk]).toEqual([201, false]);
  });

  it('in the caller’s language', async () => {
    const { main } = await pick(api, SHOP, 'CITYBIKE', { from: day(73), to: day(73) });
    const form = orderForm({ from: day(73), cart: [{ prices: [main.id] }], extra: { id_at_desk: '1' } });
    const refused = await postOrder(api, SHOP, form, { lang: 'en_GB' });
    expect(refused.body.errors).toEqual({ id_at_desk: ["Showing your ID at the cash desk is only for orders placed on the shop's kiosk"] });
  });
});
