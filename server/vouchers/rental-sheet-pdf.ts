// The rental sheet as one A4 page (pdfkit, the voucher's embedded fonts: customers' names come in
// any script). Set small and dense so that an order of six people with two items each, their
// measures and the costs still fit with room for the signature (tests/api/rental-sheet.test.ts
// counts the pages of such an order).
import type { RentalSheetContent } from './rental-sheet-content';
import { costColumns, openA4 } from './pdf';

const MARGIN = 36;
const GAP = 6;

export interface RentalSheetPdfOptions {
  /** Content streams left readable: the tests search the text without a PDF reader. */
  compress?: boolean;
}

export async function renderRentalSheetPdf(content: RentalSheetContent, options: RentalSheetPdfOptions = {}): Promise<Buffer> {
  // Loaded on the first PDF, as the voucher's (server/README.md, "Memory").
  const { doc, done } = await openA4({ margin: MARGIN, compress: options.compress ?? true, title: `${content.title} ${content.number}` });
  const bottom = doc.page.height - MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const half = (width - 20) / 2;

  doc.font('bold').fontSize(16).fillColor('#000').text(content.title, MARGIN, MARGIN, { width: width - 160 });
  doc.font('mono').fontSize(14).text(content.number, MARGIN + width - 160, MARGIN + 2, { width: 160, align: 'right' });
  doc.moveTo(MARGIN, MARGIN + 24).lineTo(MARGIN + width, MARGIN + 24).lineWidth(0.8).stroke('#000');

  /** A heading and its lines at (x, y) within `w`; answers where it ends. */
  const block = (heading: string, lines: string[], x: number, y: number, w: number): number => {
    doc.font('bold').fontSize(9.5).fillColor('#000').text(heading, x, y, { width: w });
    doc.font('regular').fontSize(9).fillColor('#222');
    for (const line of lines) doc.text(line, x, doc.y, { width: w });
    return doc.y;
  };
  // The shop and the customer side by side, then the dates.
  let y = MARGIN + 32;
  const left = block(content.shop.heading, content.shop.lines, MARGIN, y, half);
  const right = block(content.customer.heading, content.customer.lines, MARGIN + half + 20, y, half);
  y = Math.max(left, right) + GAP;
  y = block(content.dates.heading, [content.dates.text], MARGIN, y, width) + GAP;

  // Each person: the name in bold with the measures after it, then one line per item.
  doc.font('bold').fontSize(9.5).fillColor('#000').text(content.people.heading, MARGIN, y, { width });
  for (const person of content.people.list) {
    doc.moveDown(0.25);
    doc.font('bold').fontSize(9).fillColor('#000').text(`${person.name}  `, MARGIN, doc.y, { width, continued: true });
    doc.font('regular').fillColor('#222').text(person.measures);
    for (const item of person.items) doc.text(`• ${item}`, MARGIN + 10, doc.y, { width: width - 10 });
  }
  y = doc.y + GAP;

  // The costs as two columns, the total in bold: the same lines as the e-mail and the voucher.
  doc.font('bold').fontSize(9.5).fillColor('#000').text(content.costs.heading, MARGIN, y, { width });
  costColumns(doc, content.costs, { x: MARGIN, width, amountWidth: 80, fontSize: 9 });
  y = block(content.payment.heading, [content.payment.text], MARGIN, doc.y + GAP, width) + GAP;
  y = block(content.terms.heading, [content.terms.text, content.terms.version], MARGIN, y, width) + GAP;

  // The signature at the foot of the page (or right after the terms when they reach it).
  const signatureTop = Math.max(y + 8, bottom - 70);
  doc.font('regular').fontSize(9).fillColor('#222').text(content.signature.text, MARGIN, signatureTop, { width });
  const lineY = Math.min(doc.y + 34, bottom - 12);
  doc.lineWidth(0.6).strokeColor('#000');
  doc.moveTo(MARGIN, lineY).lineTo(MARGIN + 150, lineY).stroke();
  doc.moveTo(MARGIN + 200, lineY).lineTo(MARGIN + width, lineY).stroke();
  doc.font('regular').fontSize(8.5).fillColor('#000');
  doc.text(content.signature.date, MARGIN, lineY + 3, { width: 150, lineBreak: false });
  doc.text(content.signature.sign, MARGIN + 200, lineY + 3, { width: width - 200, lineBreak: false });
  doc.end();
  return done;
}
