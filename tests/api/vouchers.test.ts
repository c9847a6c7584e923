// The order's voucher (GET v1/orders/{ref}/voucher.pdf) and its code in the confirmation e-mail:
// the PDF for the holder of the order's link and its owner only, in the order's language, with the
// number, the shop, the dates and the people; the e-mail's inline QR image decodes to the number.
import { beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { CUSTOMER, day, login, orderForm, pick, postOrder, readMail, signup, type OrderJson } from '../support/orders';
import { pair, totemOf } from '../support/staff';
import { dayToDisplay } from '~/domain/dates';
import { pdfText } from '../support/pdf';
import { decodeQrPng } from '../support/qr';

/** Bardonecchia Sport Rent: its demo kiosks are BARD-01 (public), BARD-02 (admin). */
const SHOP = 6;
const NOT_FOUND = { message: 'Risorsa non trovata' };

describe.each(testDrivers)('order vouchers on $name', (driver) => {
  const api = seededApi(driver);
  let mario: string;
  let stranger: string;
  beforeAll(async () => {
    mario = await login(api);
    stranger = await signup(api, 'voucher-stranger@example.com');
  }, 120_000);

  /** Snowshoes for Luca Bianchi, from `from` to `to`, placed in `lang`. */
  const place = async (from: string, to: string, init: { token?: string; lang?: string } = {}): Promise<OrderJson> => {
    const { main } = await pick(api, SHOP, 'CIASPOLE', { from, to });
    const { status, order, body } = await postOrder(api, SHOP, orderForm({ from, to, cart: [{ prices: [main.id], customer: CUSTOMER }] }), init);
    if (status !== 201) throw new Error(JSON.stringify(body));
    return order;
  };
  const voucher = (ref: string | number, token?: string) => api.request(`/api/v1/orders/${ref}/voucher.pdf`, { token });

  it("answers the order's PDF to whoever holds its link, in the order's language", async () => {
    const order = await place(day(30), day(31), { lang: 'fr_FR' });
    const res = await voucher(order.uuid);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="voucher-${order.number}.pdf"`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    for (const part of [
      'Bon de location',
      `Numéro de commande ${order.number}`,
      'Bardonecchia Sport Rent',
      `du ${dayToDisplay(order.date_from)} au ${dayToDisplay(order.date_to)}`,
      'Luca Bianchi',
      "pièce d'identité",
    ]) {
      expect(text).toContain(part);
    }
    // Two whole days: the dates say it; no "Créneau : Journée entière".
    expect(text).not.toContain('Journée entière');
  });

  it('answers it to the logged-in owner by id or number; 404 to anyone else', async () => {
    const mine = await place(day(32), day(32), { token: mario });
    for (const ref of [mine.id, mine.number]) {
      const res = await voucher(ref, mario);
      expect(res.status).toBe(200);
      // Placed without a language: Italian, the site's default.
      expect(await pdfText(new Uint8Array(await res.arrayBuffer()))).toContain(`Numero d'ordine ${mine.number}`);
    }
    for (const [ref, token] of [
      [mine.id, stranger],
      [mine.id, undefined],
      [mine.number, stranger],
      ['00000000-0000-4000-8000-000000000000', undefined],
      ['not-a-reference', undefined],
    ] as const) {
      const res = await voucher(ref, token);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(NOT_FOUND);
    }
  });

  it("refuses the shop's public kiosk even with the link (403), as GET v1/orders/{id} does", async () => {
    const order = await place(day(33), day(33));
    const publicKiosk = await pair(api, totemOf('BARD-01').pairingCode);
    expect((await voucher(order.uuid, publicKiosk)).status).toBe(403);
    const admin = await pair(api, totemOf('BARD-02').pairingCode);
    expect((await voucher(order.id, admin)).status).toBe(200);
  });

  it("refuses a cancelled order's voucher (410), whatever reference opens it", async () => {
    const order = await place(day(35), day(35), { token: mario });
    expect((await api.request(`/api/v1/orders/${order.uuid}?date=${day(0)}`, { method: 'DELETE' })).status).toBe(200);
    for (const [ref, token] of [
      [order.uuid, undefined],
      [order.number, mario],
    ] as const) {
      const res = await voucher(ref, token);
      expect(res.status).toBe(410);
      expect(await res.json()).toEqual({ message: 'Ordine annullato' });
    }
    // Someone else still learns nothing about it.
    expect((await voucher(order.id, stranger)).status).toBe(404);
  });

  it('mails the code as an inline cid: image that decodes to the number, the number as text, and the voucher link', async () => {
    const order = await place(day(34), day(34), { lang: 'en_GB' });
    const mail = readMail(api.outbox().at(-1)!);
    expect(mail.subject).toBe(`Order ${order.number} confirmed`);
    expect(mail.text).toContain(`Your order code, to show at the counter: ${order.number}`);
    expect(mail.text).toContain(`/en/download?order=${order.uuid}`);
    const [image] = mail.attachments;
    expect(image).toMatchObject({ contentType: 'image/png', cid: expect.any(String) });
    expect(mail.html).toContain(`src="cid:${image!.cid}"`);
    expect(mail.html).not.toContain('data:image');
    expect(mail.html).toContain(order.number);
    expect(decodeQrPng(image!.content)).toBe(order.number);
  });
});
