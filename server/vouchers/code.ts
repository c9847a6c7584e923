// The order's QR code as a PNG, for the confirmation e-mail (an inline cid: image) and the voucher
// PDF. Its modules are the ones the browser draws (src/domain/order-code-modules.ts).
//
// The PNG around them is written here. An encoder's own PNG output (qrcode's, through pngjs) paints
// 290×290 RGBA pixels and tries five row filters on each in JavaScript: 10–20 ms of the event loop
// per order, the largest single cost of placing one (docs/performance-log.md, "where an
// order's time goes"). A two-colour image needs none of that: one bit per pixel, every row of a module
// repeated, compressed by node's zlib, is the same picture in well under a millisecond.
import { crc32, deflateSync } from 'node:zlib';
import { ORDER_CODE_QR } from '~/domain/order-code';
import { orderCodeModules } from '~/domain/order-code-modules';

/**
 * Pixels per module: the number's code is 21 modules plus the quiet zone (29), so 290 px, about
 * 4 cm on paper at the PDF's size and large enough on a phone for a counter's USB scanner.
 */
const SCALE = 10;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** IHDR: one bit per pixel, greyscale (0 black, 1 white), no interlace. */
const BIT_DEPTH = 1;
const GREYSCALE = 0;
/** Each row starts with its filter type: none (the rows are runs of black and white). */
const FILTER_NONE = 0;
/**
 * zlib's fastest level: the rows repeat (each module row `SCALE` times), which any level finds.
 * Measured on the code's 11 KB of rows: 25–37 µs and 540 bytes, against 126–138 µs and 450 bytes at
 * the default level, once per confirmation mail and voucher.
 */
const DEFLATE_LEVEL = 1;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, tail]);
}

/** A black-on-white PNG of `dark` (size × size modules, row by row), `margin` light modules around, `scale` pixels each. */
export function modulesPng(dark: ArrayLike<number>, size: number, margin: number, scale: number): Buffer {
  const pixels = (size + 2 * margin) * scale;
  const rowBytes = 1 + Math.ceil(pixels / 8);
  const raw = Buffer.alloc(rowBytes * pixels, 0xff);
  // Each module row is packed once, then copied to the `scale` pixel rows it covers.
  for (let my = 0; my < size; my++) {
    const first = (margin + my) * scale * rowBytes;
    for (let mx = 0; mx < size; mx++) {
      if (!dark[my * size + mx]) continue;
      for (let x = (margin + mx) * scale; x < (margin + mx + 1) * scale; x++) raw[first + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
    }
    for (let copy = 1; copy < scale; copy++) raw.copy(raw, first + copy * rowBytes, first, first + rowBytes);
  }
  // Every row's first byte is its filter type.
  for (let y = 0; y < pixels; y++) raw[y * rowBytes] = FILTER_NONE;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(pixels, 0);
  header.writeUInt32BE(pixels, 4);
  header.writeUInt8(BIT_DEPTH, 8);
  header.writeUInt8(GREYSCALE, 9);
  // Compression, filter method and interlace: 0 each (deflate, adaptive filtering's method, none).
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: DEFLATE_LEVEL })), chunk('IEND', Buffer.alloc(0))]);
}

export async function orderCodePng(order: { number: string }): Promise<Buffer> {
  const { dark, size } = orderCodeModules(order);
  return modulesPng(dark, size, ORDER_CODE_QR.margin, SCALE);
}
