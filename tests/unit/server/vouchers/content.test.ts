// The voucher's content builder: what the PDF says, in the order's language.
import { describe, expect, it } from 'vitest';
import { voucherContent, type VoucherOrder, type VoucherShop } from '~server/vouchers/content';
import { formatHours, shopHours } from '~server/vouchers/shop-hours';
import { DateModes } from '~/domain/dates';
import { getT } from '~/i18n/server';

const SHOP: VoucherShop = {
  label: 'Bardonecchia Sport Rent',
  address: 'Via Medail 12',
  postalCode: '10052',
  city: 'Bardonecchia',
  phone: '+39 0122 999 000',
  hours: 'Mon–Sun 08:30–18:30',
};

const order = (over: Partial<VoucherOrder> = {}): VoucherOrder => ({
  number: '06-0000042',
  date_from: '2026-12-20',
  date_to: '2026-12-22',
  multipleDates: DateModes.RANGE,
  morning: false,
  afternoon: false,
  season: false,
  paid: false,
  paid_at: null,
  fidelity_card_number: 'FID-0001',
  coupons: [
    { code: 'BENVENUTO10', amount: 10 },
    { code: 'NEVE5', amount: 5 },
  ],
  total_amount: 193.2,
  order_detail_pools: [
    {
      index: 0,
      customer: { first_name: 'Luca', last_name: 'Bianchi' },
      order_details: [
        { product_label: 'Sci base', total_price: 109.8, original_total_price: 122 },
        { product_label: 'Casco', is_add_on: true, total_price: 9, original_total_price: 10 },
      ],
    },
    { index: 1, customer: null, order_details: [{ product_label: 'Ciaspole', total_price: 89.4, original_total_price: 99.33 }] },
  ],
  ...over,
});

describe('voucherContent', () => {
  it('says the number, the shop with its hours, the dates, who each item is for and what to bring', () => {
    const content = voucherContent(order(), SHOP, getT('en'));
    expect(content).toMatchObject({
      title: 'Rental voucher',
      heading: 'Order number',
      number: '06-0000042',
      shop: { heading: 'Shop', lines: ['Bardonecchia Sport Rent', 'Via Medail 12', '10052 Bardonecchia', '+39 0122 999 000'] },
      hours: { heading: 'Opening hours', text: 'Mon–Sun 08:30–18:30' },
      dates: { heading: 'Dates', text: 'from 20/12/2026 to 22/12/2026' },
      // Three whole days: the dates say it, "Whole day" would not.
      slot: null,
      payment: { heading: 'Payment', text: 'To pay at the shop: 193,20\u00a0€' },
    });
    // A pool without a name is "Person n" by its place in the order.
    expect(content.people.list).toEqual([
      { name: 'Luca Bianchi', items: ['Sci base', 'Casco'] },
      { name: 'Person 2', items: ['Ciaspole'] },
    ]);
    expect(content.bring.list[0]).toMatch(/identity document/);
  });

  it('lists what each line costs and every discount, adding up to the total', () => {
    const { costs } = voucherContent(order(), SHOP, getT('it'));
    expect(costs.heading).toBe('Riepilogo dei costi');
    // formatCurrency keeps the amount and its € together with a no-break space.
    expect(costs.rows.map((r) => [r.label, r.amount.replace('\u00a0', ' ')])).toEqual([
      ['Sci base (Luca Bianchi)', '122,00 €'],
      ['+ Casco (Luca Bianchi)', '10,00 €'],
      ['Ciaspole (Persona 2)', '99,33 €'],
      ['Sconto carta fedeltà FID-0001', '-23,13 €'],
      ['Codice sconto BENVENUTO10', '-10,00 €'],
      ['Codice sconto NEVE5', '-5,00 €'],
    ]);
    expect(costs.total).toEqual({ label: 'Totale', amount: '193,20\u00a0€' });
  });

  it('says a paid order is paid, on the day it was paid in Rome', () => {
    const paid = voucherContent(order({ paid: true, paid_at: '2026-12-18T23:30:00.000Z' }), SHOP, getT('fr'));
    expect(paid.payment).toEqual({ heading: 'Paiement', text: 'Payé le 19/12/2026' });
    expect(voucherContent(order({ paid: true, paid_at: null }), SHOP, getT('it')).payment.text).toBe('Pagato');
  });

  it("adds each line's size when it has one, labelled in the order's language", () => {
    const sized = order({
      order_detail_pools: [
        { index: 0, customer: { first_name: 'Luca', last_name: 'Bianchi' }, order_details: [{ product_label: 'Mountain bike', size: 'L', total_price: 40 }, { product_label: 'Casco', size: null, total_price: 5 }] },
      ],
    });
    expect(voucherContent(sized, SHOP, getT('en')).people.list).toEqual([{ name: 'Luca Bianchi', items: ['Mountain bike · Size L', 'Casco'] }]);
    expect(voucherContent(sized, SHOP, getT('it')).people.list[0]!.items[0]).toBe('Mountain bike · Taglia L');
    expect(voucherContent(sized, SHOP, getT('fr')).people.list[0]!.items[0]).toBe('Mountain bike · Taille L');
  });

  it('names the half-day slot and the season, and one day as one date', () => {
    const morning = voucherContent(order({ multipleDates: DateModes.MORNING, morning: true, date_to: '2026-12-20' }), SHOP, getT('it'));
    expect(morning.slot?.text).toBe('Mattina');
    expect(morning.dates.text).toBe('20/12/2026');
    expect(voucherContent(order({ multipleDates: DateModes.AFTERNOON, afternoon: true }), SHOP, getT('fr')).slot?.text).toBe('Après-midi');
    expect(voucherContent(order({ multipleDates: DateModes.SEASONAL, season: true }), SHOP, getT('en')).slot?.text).toBe('Whole season');
    // One whole day is still named as such.
    expect(voucherContent(order({ multipleDates: DateModes.SINGLE, date_to: '2026-12-20' }), SHOP, getT('it')).slot?.text).toBe('Giornata intera');
  });

  it('leaves the hours out when the shop has none, and an empty postal code out of the address', () => {
    const content = voucherContent(order(), { ...SHOP, hours: null, postalCode: null }, getT('it'));
    expect(content.hours).toBeNull();
    expect(content.shop.lines).toContain('Bardonecchia');
    expect(content.bring.heading).toBe('Cosa portare');
  });
});

describe('shop hours', () => {
  it('writes hours as data with the language’s weekday names, spans of the same days together', () => {
    const hours = [
      { days: ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const, opens: '09:30', closes: '12:30' },
      { days: ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const, opens: '15:00', closes: '19:00' },
      { days: ['Su'] as const, opens: '09:00', closes: '12:00' },
    ].map((h) => ({ ...h, days: [...h.days] }));
    expect(formatHours(hours, 'en')).toBe('Mon–Sat 09:30–12:30, 15:00–19:00; Sun 09:00–12:00');
    expect(formatHours(hours, 'it')).toBe('lun–sab 09:30–12:30, 15:00–19:00; dom 09:00–12:00');
  });

  it("takes the shop table's own text when it has one, else its hours; none for an unknown shop", () => {
    expect(shopHours('sport-noleggio-sestriere', 'it')).toBe('Dicembre–aprile: tutti i giorni 8:00–18:30');
    expect(shopHours('bardonecchia-sport-rent', 'en')).toMatch(/^Mon–Sun \d\d:\d\d–\d\d:\d\d$/);
    expect(shopHours('no-such-shop', 'en')).toBeNull();
  });
});
