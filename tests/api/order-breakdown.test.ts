// What an order costs, as its confirmation e-mail and its voucher print it: every line, the
// fidelity card and each coupon as negative lines, and the total; read back from the outbox's
// .eml and the PDF's text, the printed amounts add up to the printed total and to the order's.
import { describe, expect, it } from 'vitest';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { CUSTOMER, orderForm, pick, postOrder, readMail } from '../support/orders';
import { pdfText } from '../support/pdf';
import { inSeasonDay } from '../support/season';

/** Bardonecchia Sport Rent, Via Medail 47, open every day 08:30–18:30 (seo-data/shops.json). */
const SHOP = 6;
const day = (n: number) => inSeasonDay(SHOP, n);

/** "1.234,50 €", "-10,00 €" (formatCurrency's Italian form) → cents. */
function cents(amount: string): number {
  const m = /(-?)([\d.]+),(\d{2})\s*€/.exec(amount.replace(/\u00a0/g, ' '));
  if (!m) throw new Error(`not an amount: ${amount}`);
  return (m[1] ? -1 : 1) * (Number(m[2]!.replace(/\./g, '')) * 100 + Number(m[3]));
}

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

describe.each(testDrivers)("an order's costs in its e-mail and voucher on $name", (driver) => {
  const api = seededApi(driver);

  it('lists two coupons and the fidelity card as negative lines that, with the items, add up to the total', async () => {
    const from = day(40);
    const to = day(42);
    const ski = await pick(api, SHOP, 'SCI-BASE', { from, to, fidelity_card_number: 'FID-0001' });
    const shoes = await pick(api, SHOP, 'CIASPOLE', { from, to, fidelity_card_number: 'FID-0001' });
    const placed = await postOrder(
      api,
      SHOP,
      orderForm({
        from,
        to,
        cart: [{ prices: [ski.main.id, ski.addOns.CASCO!.price.id], customer: CUSTOMER }, { prices: [shoes.main.id] }],
        coupons: ['BENVENUTO10', 'NEVE5'],
        fidelity_card_number: 'FID-0001',
        email: 'costi.sommati@example.com',
      }),
    );
    expect(placed.status).toBe(201);
    const order = placed.order;
    expect(order.coupon_codes).toEqual(['BENVENUTO10', 'NEVE5']);
    // The card did take something off: its line is not empty.
    expect(order.original_total_amount - order.total_amount).toBeGreaterThan(15);

    const mail = readMail(api.outbox().at(-1)!);
    expect(mail.subject).toBe(`Conferma ordine ${order.number}`);
    const text = mail.text.split('\n');
    const rows = text.slice(text.indexOf('Costi:') + 1, text.findIndex((l) => l.startsWith('Totale:')));
    const labels = rows.map((r) => /^- (.*): [^:]+$/.exec(r)![1]);
    expect(labels).toEqual([
      'Kit sci Base (Luca Bianchi)',
      '+ Casco (Luca Bianchi)',
      'Ciaspole e bastoncini (Persona 2)',
      'Sconto carta fedeltà FID-0001',
      'Codice sconto BENVENUTO10',
      'Codice sconto NEVE5',
    ]);
    const amounts = rows.map((r) => cents(r.slice(r.lastIndexOf(': ') + 2)));
    expect(amounts.slice(3).every((a) => a < 0)).toBe(true);
    expect(amounts.slice(4)).toEqual([-1000, -500]);
    const total = cents(text.find((l) => l.startsWith('Totale:'))!);
    expect(sum(amounts)).toBe(total);
    expect(total).toBe(Math.round(order.total_amount * 100));

    // Where to go, when it is open and what to bring, in the text and in the html.
    for (const part of ['Via Medail 47', '10052 Bardonecchia', '+39 0122 902 158', 'lun–dom 08:30–18:30', "documento d'identità"]) {
      expect(mail.text).toContain(part);
      expect(mail.html).toContain(part.replace("'", '&#39;'));
    }
    // The html's table says the same amounts as the text.
    const cells = [...mail.html.matchAll(/<t[dh][^>]*>(-?[\d.]+,\d{2}[\s\u00a0]€)<\/t[dh]>/g)].map((m) => cents(m[1]!));
    expect(cells).toEqual([...amounts, total]);

    // The voucher: the same lines, the total, and the amount still due.
    const res = await api.request(`/api/v1/orders/${order.uuid}/voucher.pdf`);
    expect(res.status).toBe(200);
    const pdf = await pdfText(new Uint8Array(await res.arrayBuffer()));
    const costs = pdf.slice(pdf.indexOf('Riepilogo dei costi'), pdf.indexOf('Pagamento'));
    for (const label of labels) expect(costs).toContain(label!);
    const printed = [...costs.matchAll(/-?[\d.]+,\d{2} €/g)].map((m) => cents(m[0]));
    expect(printed).toEqual([...amounts, total]);
    expect(pdf).toContain(`Da pagare in negozio: ${text.find((l) => l.startsWith('Totale:'))!.slice('Totale: '.length).replace(/\u00a0/g, ' ')}`);
    // The number once; three whole days are not "Giornata intera".
    expect(pdf.split(order.number)).toHaveLength(2);
    expect(pdf).not.toContain('Giornata intera');
  });
});
