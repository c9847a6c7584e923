// The order's QR code as a PNG, for the confirmation e-mail (an inline cid: image) and the voucher
// PDF. The same encoder (`qrcode`) draws it in the browser (src/components/ui/OrderCode.tsx), with
// the same options and text (src/domain/order-code.ts).
import QRCode from 'qrcode';
import { ORDER_CODE_QR, orderCodeText } from '../../src/domain/order-code';

/**
 * Pixels per module: the number's code is 21 modules plus the quiet zone (29), so 290 px, about
 * 4 cm on paper at the PDF's size and large enough on a phone for a counter's USB scanner.
 */
const SCALE = 10;

export async function orderCodePng(order: { number: string }): Promise<Buffer> {
  return QRCode.toBuffer(orderCodeText(order), { ...ORDER_CODE_QR, type: 'png', scale: SCALE });
}
