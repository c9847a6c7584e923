// The rental sheet (GET v1/orders/{ref}/rental_sheet.pdf): one A4 page for the workshop and the
// customer's signature, read back with a PDF reader. An order of six people, each with measures and
// the Italian shop's words; the costs add up to the order's total; a unit handed out shows its code;
// a shop in France gets it in French; only the shop's admin kiosks may print it.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { totems } from '~server/db/schema/index';
import { testDrivers } from '../support/databases';
import { CUSTOMER, orderForm, pick, postOrder } from '../support/orders';
import { pdfPages } from '../support/pdf';
import { inSeasonDay } from '../support/season';
import { call, pairedKiosks, SHOP, unit } from '../support/staff';

/** Bardonecchia Sport Rent (Italy) and Glisse Montgenèvre Location (France). */
const MONTGENEVRE = 9;

/** "1.234,50 €", "-10,00 €" (Italian), "1 234,50 €" (French) → cents. */
function cents(amount: string): number {
  const m = /(-?)([\d. \u202f\u00a0]+),(\d{2})\s*€/.exec(amount);
  if (!m) throw new Error(`not an amount: ${amount}`);
  return (m[1] ? -1 : 1) * (Number(m[2]!.replace(/[. \u202f\u00a0]/g, '')) * 100 + Number(m[3]));
}
const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

const PEOPLE = [
  { ...CUSTOMER, first_name: 'Luca', last_name: 'Bianchi' },
  { first_name: 'Anna', last_name: 'Bianchi', height: '165', weight: '58', shoe_size: '38', level: 'principiante' },
  { first_name: 'Marco', last_name: 'Rossi', height: '172', weight: '70', shoe_size: '42', level: 'esperto' },
  { first_name: 'Giulia', last_name: 'Rossi', height: '150', weight: '45', shoe_size: '36', level: 'intermedio' },
  { first_name: 'Paolo', last_name: 'Verdi', height: '190', weight: '88', shoe_size: '46', level: 'esperto' },
  { first_name: 'Sara', last_name: 'Verdi', height: '160', weight: '52', shoe_size: '37', level: 'principiante' },
];

describe.each(testDrivers)("an order's rental sheet on $name", (driver) => {
  const { api, k } = pairedKiosks(driver);
  const sheet = (ref: string | number, token?: string) => api.request(`/api/v1/orders/${ref}/rental_sheet.pdf`, { token });

  it('six people with their measures, the units handed out, the costs adding up, the terms and the signature, on one page in Italian', async () => {
    const from = inSeasonDay(SHOP, 50);
    const to = inSeasonDay(SHOP, 52);
    const ski = await pick(api, SHOP, 'SCI-BASE', { from, to });
    const shoes = await pick(api, SHOP, 'CIASPOLE', { from, to });
    const cart = PEOPLE.map((customer, i) => ({ prices: i < 3 ? [ski.main.id, ski.addOns.CASCO!.price.id] : [shoes.main.id], customer }));
    const placed = await postOrder(api, SHOP, orderForm({ from, to, cart, coupons: ['NEVE5'], email: 'sei.persone@example.com' }), { token: k.admin });
    expect(placed.status).toBe(201);
    const order = placed.order;
    // The first person's skis are handed out: the sheet names the unit.
    const firstLine = order.order_detail_pools[0]!.order_details[0]!;
    const out = await call(api, 'POST', '/api/v1/delivery', k.admin, { order_id: order.id, delivery_details: [{ internal_code: unit('SCI-BASE', 1), id_order_detail: firstLine.id }] });
    expect(out.status).toBe(200);

    const res = await sheet(order.id, k.admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const pages = await pdfPages(new Uint8Array(await res.arrayBuffer()));
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    expect(text).toContain('Scheda noleggio');
    expect(text).toContain(`Ordine ${order.number}`);
    for (const part of ['Bardonecchia Sport Rent', 'Via Medail 47', '10052 Bardonecchia']) expect(text).toContain(part);
    for (const part of ['Giulia Verdi', '+39 333 765 4321', 'sei.persone@example.com']) expect(text).toContain(part);
    // Each person with their measures and units, in the shop's words.
    expect(text).toContain('Luca Bianchi Altezza 180 cm · Peso 75 kg · Scarpe 43 EU · Intermedio');
    expect(text).toContain('Anna Bianchi Altezza 165 cm · Peso 58 kg · Scarpe 38 EU · Principiante');
    expect(text).toContain('Sara Verdi Altezza 160 cm · Peso 52 kg · Scarpe 37 EU · Principiante');
    expect(text).toMatch(new RegExp(`Kit sci Base · unità ${unit('SCI-BASE', 1)}, consegnata il \\d{2}/\\d{2}/\\d{4}`));
    // The costs: every amount printed adds up to the printed total, which is the order's.
    const costs = text.slice(text.indexOf('Riepilogo dei costi'), text.indexOf('Pagamento'));
    expect(costs).toContain('Codice sconto NEVE5');
    const printed = [...costs.matchAll(/-?[\d.]+,\d{2} €/g)].map((m) => cents(m[0]));
    expect(printed.length).toBe(6 + 3 + 1 + 1);
    const total = printed.at(-1)!;
    expect(sum(printed.slice(0, -1))).toBe(total);
    expect(total).toBe(Math.round(order.total_amount * 100));
    expect(costs).toContain('Totale');
    // The terms with their version and link, and the signature line.
    expect(text).toContain('Condizioni di noleggio, versione 2026-12-06: http://localhost:4321/condizioni');
    expect(text).toContain('Firma del cliente');
    expect(text).toContain('Data');
  });

  it('is in the shop’s language: French for the shop in France, whatever language the kiosk asks in', async () => {
    const shop = api.deps.catalogue.shopById(MONTGENEVRE)!;
    const from = inSeasonDay(MONTGENEVRE, 20);
    const picked = await pick(api, MONTGENEVRE, shop.products[0]!.row.code, { from, to: from });
    const placed = await postOrder(api, MONTGENEVRE, orderForm({ from, cart: [{ prices: [picked.main.id], customer: CUSTOMER }] }));
    expect(placed.status).toBe(201);
    // The demo has no kiosk in Montgenèvre: the admin kiosk stands in that shop for this read.
    const bard02 = eq(totems.code, 'BARD-02');
    await api.deps.database.db.update(totems).set({ shopId: MONTGENEVRE }).where(bard02);
    try {
      const res = await api.request(`/api/v1/orders/${placed.order.id}/rental_sheet.pdf`, { token: k.admin, lang: 'it_IT' });
      expect(res.status).toBe(200);
      const text = (await pdfPages(new Uint8Array(await res.arrayBuffer()))).join(' ');
      for (const part of ['Fiche de location', `Commande ${placed.order.number}`, 'Taille 180 cm · Poids 75 kg · Pointure 43 EU · Intermédiaire', 'Signature du client']) {
        expect(text).toContain(part);
      }
      expect(text).toContain('http://localhost:4321/fr/condizioni');
      expect(text).not.toContain('Scheda noleggio');
    } finally {
      await api.deps.database.db.update(totems).set({ shopId: SHOP }).where(bard02);
    }
  });

  it('refuses without a kiosk token, a public kiosk, another shop’s kiosk', async () => {
    const from = inSeasonDay(SHOP, 55);
    const ski = await pick(api, SHOP, 'CIASPOLE', { from, to: from });
    const { order } = await postOrder(api, SHOP, orderForm({ from, cart: [{ prices: [ski.main.id] }] }), { token: k.admin });
    expect((await sheet(order.id)).status).toBe(401);
    expect((await sheet(order.uuid!)).status).toBe(401);
    expect((await sheet(order.id, k.public)).status).toBe(403);
    expect((await sheet(order.id, k.other)).status).toBe(404);
    expect((await sheet(order.number, k.cash)).status).toBe(200);
  });
});
