// Reading a QR code the way a scanner does (jsQR, the decoder of many browser scanners), from the
// PNG the server made: what a counter's USB scanner would type.
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

export function decodeQrPng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}
