// The voucher as a one-page A4 PDF (pdfkit): the code big on the left of the heading, the
// number under it as text (read aloud at the counter when a phone's screen will not scan), then
// the shop, the dates, who each item is for, the costs, the payment and what to bring. Customers' names come in any
// script, which pdfkit's standard fonts (WinAnsi: Latin-1 only) would garble ("Dvořák",
// "Иван"): DejaVu Sans (Latin Extended, Greek, Cyrillic) is embedded, subset to the glyphs used.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import type { VoucherContent } from './content';

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  mono: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf'),
} as const;

/**
 * The three fonts read and parsed once, on the first voucher, then shared by every PDF (the
 * rental sheet's too, ./rental-sheet-pdf.ts): pdfkit
 * takes a font already parsed, and otherwise reads and parses each file again for every document
 * (a warm voucher 70–80 → 17–33 ms of the event loop, measured). A font object only caches its own
 * tables and glyphs; each document makes its own subset of it.
 */
let parsedFonts: Promise<Record<keyof typeof FONTS, Font>> | undefined;

function fonts(): Promise<Record<keyof typeof FONTS, Font>> {
  parsedFonts ??= (async () => {
    const { create } = await import('fontkit');
    const entries = await Promise.all(Object.entries(FONTS).map(async ([name, file]) => [name, create(await readFile(file)) as Font] as const));
    return Object.fromEntries(entries) as Record<keyof typeof FONTS, Font>;
  })();
  // A failed read is tried again by the next voucher.
  parsedFonts.catch(() => (parsedFonts = undefined));
  return parsedFonts;
}

/**
 * An A4 document with the embedded fonts registered, and the bytes it will have once ended. pdfkit
 * is loaded here, on the first PDF a process makes.
 */
export async function openA4(options: { margin: number; compress: boolean; title: string }) {
  const [{ default: PDFDocument }, parsed] = await Promise.all([import('pdfkit'), fonts()]);
  const doc = new PDFDocument({ size: 'A4', margin: options.margin, compress: options.compress, info: { Title: options.title, Creator: 'RentAlp' } });
  // pdfkit takes a parsed font (any object with fontkit's `layout`), though its types list files and bytes only.
  for (const [name, font] of Object.entries(parsed)) doc.registerFont(name, font as unknown as Buffer);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/**
 * The costs from where the text stands (`doc.y`), as two columns: each label on the left,
 * its amount right-aligned, the total in bold (the voucher's and the rental sheet's).
 */
export function costColumns(
  doc: PDFKit.PDFDocument,
  costs: Pick<VoucherContent['costs'], 'rows' | 'total'>,
  layout: { x: number; width: number; amountWidth: number; fontSize: number },
): void {
  const row = (label: string, amount: string, font: 'regular' | 'bold') => {
    const y = doc.y;
    doc.font(font).fontSize(layout.fontSize).fillColor('#222');
    // The label first, so a reader (and a screen reader) reads each line as "label amount".
    doc.text(label, layout.x, y, { width: layout.width - layout.amountWidth - 10 });
    const afterLabel = doc.y;
    doc.text(amount, layout.x + layout.width - layout.amountWidth, y, { width: layout.amountWidth, align: 'right' });
    doc.y = Math.max(doc.y, afterLabel);
  };
  for (const line of costs.rows) row(line.label, line.amount, 'regular');
  row(costs.total.label, costs.total.amount, 'bold');
}

const MARGIN = 50;
/** The code's side on paper, in points: about 4.6 cm, read by any counter scanner. */
const CODE_SIZE = 130;

export interface VoucherPdfOptions {
  /** Content streams left readable: the tests search the text without a PDF reader. */
  compress?: boolean;
}

export async function renderVoucherPdf(content: VoucherContent, codePng: Buffer, options: VoucherPdfOptions = {}): Promise<Buffer> {
  // Loaded on the first voucher: pdfkit and its font tables are about 18 MB of a server's RSS
  // that most processes never use (server/README.md, "Memory").
  const { doc, done } = await openA4({ margin: MARGIN, compress: options.compress ?? true, title: `${content.title} ${content.number}` });
  const width = doc.page.width - 2 * MARGIN;
  const top = MARGIN;
  doc.image(codePng, MARGIN, top, { width: CODE_SIZE, height: CODE_SIZE });
  const beside = MARGIN + CODE_SIZE + 20;
  const besideWidth = width - CODE_SIZE - 20;
  doc.font('regular').fontSize(12).fillColor('#555').text(content.title, beside, top + 8, { width: besideWidth });
  doc.font('bold').fontSize(22).fillColor('#000').text(content.heading, beside, doc.y + 4, { width: besideWidth });
  doc.font('mono').fontSize(18).text(content.number, beside, doc.y + 6, { width: besideWidth });
  doc.font('regular').fontSize(10).fillColor('#333').text(content.codeHelp, beside, doc.y + 8, { width: besideWidth });
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, top + CODE_SIZE) + 24;

  const section = (heading: string, lines: string[]) => {
    doc.font('bold').fontSize(12).fillColor('#000').text(heading, MARGIN, doc.y, { width });
    doc.font('regular').fontSize(11).fillColor('#222');
    for (const line of lines) doc.text(line, { width });
    doc.moveDown(0.8);
  };
  section(content.shop.heading, content.shop.lines);
  if (content.hours) section(content.hours.heading, [content.hours.text]);
  section(content.dates.heading, [content.dates.text]);
  if (content.slot) section(content.slot.heading, [content.slot.text]);
  section(
    content.people.heading,
    content.people.list.map((p) => `${p.name}: ${p.items.join(', ')}`),
  );
  // The costs as two columns: each label on the left, its amount right-aligned, the total in bold.
  doc.font('bold').fontSize(12).fillColor('#000').text(content.costs.heading, MARGIN, doc.y, { width });
  costColumns(doc, content.costs, { x: MARGIN, width, amountWidth: 90, fontSize: 11 });
  doc.x = MARGIN;
  doc.moveDown(0.8);
  section(content.payment.heading, [content.payment.text]);
  section(content.bring.heading, content.bring.list.map((line) => `• ${line}`));
  doc.end();
  return done;
}
