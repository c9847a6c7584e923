// The order code's modules (what it encodes: ./order-code.ts), from one encoder for the browser
// (src/components/ui/OrderCode.tsx, which loads this on demand) and the server (the e-mail's and
// the voucher PDF's PNG, server/vouchers/code.ts). lean-qr's nano build: 2.1 KB gzip in the
// browser, where `qrcode` took 9.6 KB of the order page's budget for the same symbol's job.
import { correction, generate } from 'lean-qr/nano';
import { ORDER_CODE_QR, orderCodeText } from './order-code';

export interface OrderCodeModules {
  /** Modules per side, without the quiet zone (ORDER_CODE_QR.margin around it). */
  size: number;
  /** Row by row, 1 for a dark module. */
  dark: Uint8Array;
}

export function orderCodeModules(order: { number: string }): OrderCodeModules {
  const code = generate(orderCodeText(order), { minCorrectionLevel: correction[ORDER_CODE_QR.errorCorrectionLevel] });
  const dark = new Uint8Array(code.size * code.size);
  for (let y = 0; y < code.size; y++) for (let x = 0; x < code.size; x++) dark[y * code.size + x] = code.get(x, y) ? 1 : 0;
  return { size: code.size, dark };
}
