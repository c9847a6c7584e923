// The order's code as the e-mail and the PDF carry it: a PNG a scanner reads as the order number,
// and the voucher PDF with that code and its text, its fonts parsed once for every voucher.
import { describe, expect, it, vi } from 'vitest';
import { PNG } from 'pngjs';
import { orderCodePng } from '~server/vouchers/code';
import { voucherContent } from '~server/vouchers/content';
import { renderVoucherPdf } from '~server/vouchers/pdf';
import { DateModes } from '~/domain/dates';
import { ORDER_CODE_QR } from '~/domain/order-code';
import { orderCodeModules } from '~/domain/order-code-modules';
import { getT } from '~/i18n/server';
import { pdfText } from '~tests/support/pdf';
import { decodeQrPng } from '~tests/support/qr';

const fontkit = vi.hoisted(() => ({ parses: 0 }));
vi.mock('fontkit', async (importOriginal) => {
  const real = await importOriginal<typeof import('fontkit')>();
  return {
    ...real,
    create: (...args: Parameters<typeof real.create>) => {
      fontkit.parses++;
      return real.create(...args);
    },
  };
});

describe('the order code', () => {
  it('decodes to the order number alone, at a size a counter scanner reads', async () => {
    const png = await orderCodePng({ number: '06-0000042' });
    expect(decodeQrPng(png)).toBe('06-0000042');
    const { width } = PNG.sync.read(png);
    expect(width).toBeGreaterThanOrEqual(250);
  });

  it('is black modules on white, each SCALE pixels square, inside a four-module quiet zone, for any order number', async () => {
    for (const number of ['06-0000042', '12-9999999', '01-10000001']) {
      const png = PNG.sync.read(await orderCodePng({ number }));
      expect(decodeQrPng(await orderCodePng({ number }))).toBe(number);
      const { size, dark } = orderCodeModules({ number });
      const scale = png.width / (size + 2 * ORDER_CODE_QR.margin);
      expect([png.width, png.height, Number.isInteger(scale)]).toEqual([png.height, png.width, true]);
      // pngjs reads it as RGBA: each pixel's grey is its module's colour, the margin white.
      const grey = (x: number, y: number) => png.data[(y * png.width + x) * 4];
      const wrong: string[] = [];
      for (let y = 0; y < png.height; y++) {
        for (let x = 0; x < png.width; x++) {
          const mx = Math.floor(x / scale) - ORDER_CODE_QR.margin;
          const my = Math.floor(y / scale) - ORDER_CODE_QR.margin;
          const inside = mx >= 0 && my >= 0 && mx < size && my < size;
          if (grey(x, y) !== (inside && dark[my * size + mx] ? 0 : 255)) wrong.push(`${x},${y}`);
        }
      }
      expect(wrong).toEqual([]);
    }
  });
});

describe('the voucher PDF', () => {
  it('is a PDF whose text is the content, in its language', async () => {
    const order = {
      number: '06-0000042',
      date_from: '2026-12-20',
      date_to: '2026-12-20',
      multipleDates: DateModes.AFTERNOON,
      morning: false,
      afternoon: true,
      season: false,
      paid: false,
      paid_at: null,
      total_amount: 18,
      order_detail_pools: [{ index: 0, customer: { first_name: 'Élise', last_name: 'Durand' }, order_details: [{ product_label: 'Ciaspole', total_price: 18 }] }],
    };
    const shop = { label: 'Bardonecchia Sport Rent', address: 'Via Medail 12', postalCode: '10052', city: 'Bardonecchia', phone: '+39 0122', hours: 'lun.–dim. 08:30–18:30' };
    const pdf = await renderVoucherPdf(voucherContent(order, shop, getT('fr')), await orderCodePng(order));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const part of ['Bon de location', 'Numéro de commande 06-0000042', 'Bardonecchia Sport Rent', '10052 Bardonecchia', 'lun.–dim. 08:30–18:30', '20/12/2026', 'Après-midi', 'Élise Durand: Ciaspole', "pièce d'identité"]) {
      expect(text).toContain(part);
    }
    // The number once: under its label, not again in a heading.
    expect(text.split('06-0000042')).toHaveLength(2);
    expect(text).toContain('Détail des coûts Ciaspole (Élise Durand) 18,00 € Total 18,00 €');
    expect(text).toContain('À payer au magasin : 18,00 €');
  });

  it("reads back names outside Latin-1 exactly (an embedded Unicode font, not the standard fonts' WinAnsi)", async () => {
    const order = {
      number: '06-0000043',
      date_from: '2026-12-21',
      date_to: '2026-12-22',
      multipleDates: DateModes.RANGE,
      morning: true,
      afternoon: true,
      season: false,
      paid: true,
      paid_at: '2026-12-19T10:00:00.000Z',
      total_amount: 48,
      order_detail_pools: [
        { index: 0, customer: { first_name: 'Dvořák', last_name: 'Łukasz' }, order_details: [{ product_label: 'Ciaspole', total_price: 18 }] },
        { index: 1, customer: { first_name: 'Иван', last_name: 'Петров' }, order_details: [{ product_label: 'Sci', total_price: 30 }] },
      ],
    };
    const shop = { label: 'Bardonecchia Sport Rent', address: 'Via Medail 12', postalCode: '10052', city: 'Bardonecchia', phone: '+39 0122', hours: null };
    const pdf = await renderVoucherPdf(voucherContent(order, shop, getT('it')), await orderCodePng(order));
    const text = await pdfText(pdf);
    expect(text).toContain('Dvořák Łukasz: Ciaspole');
    expect(text).toContain('Иван Петров: Sci');
    expect(text).toContain("Numero d'ordine 06-0000043");
    // Two whole days: the dates say it, no "Giornata intera"; paid, with its day in Rome.
    expect(text).not.toContain('Fascia oraria');
    expect(text).toContain('Pagato il 19/12/2026');
    // Subset: only the glyphs drawn are embedded, so the voucher stays small.
    expect(pdf.length).toBeLessThan(150_000);
  });

  it('parses its three fonts once for every voucher the process makes, each PDF with its own glyphs', async () => {
    const order = (n: number, name: string) => ({
      number: `06-00001${n}`,
      date_from: '2026-12-21',
      date_to: '2026-12-21',
      multipleDates: DateModes.SINGLE,
      morning: true,
      afternoon: true,
      season: false,
      paid: false,
      paid_at: null,
      total_amount: 30,
      order_detail_pools: [{ index: 0, customer: { first_name: name, last_name: 'Zoë' }, order_details: [{ product_label: 'Sci', total_price: 30 }] }],
    });
    const shop = { label: 'Sestriere Sport', address: 'Via Pinerolo 3', postalCode: '10058', city: 'Sestriere', phone: '+39 0122', hours: null };
    const pdfs = await Promise.all(['Ἀθηνᾶ', 'Ярослава'].map(async (name, n) => renderVoucherPdf(voucherContent(order(n, name), shop, getT('it')), await orderCodePng(order(n, name)))));
    expect(await pdfText(pdfs[0]!)).toContain('Ἀθηνᾶ Zoë: Sci');
    expect(await pdfText(pdfs[1]!)).toContain('Ярослава Zoë: Sci');
    expect(fontkit.parses).toBe(3);
  });
});
