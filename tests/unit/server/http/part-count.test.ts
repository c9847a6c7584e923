// Which multipart bodies the API counts the parts of while they stream (server/http/body-limit.ts):
// a body of known length too short to hold more delimiters than the limit is not counted; one that
// could, or one of unknown length, is. The bound holds for any body: delimiters cannot overlap.
import { describe, expect, it } from 'vitest';
import { needsPartCount } from '~server/http/body-limit';

const LIMIT = 1001;

/** Occurrences of `needle` in `text`, overlapping ones included (as the counter finds them). */
function occurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) count++;
  return count;
}

describe('needsPartCount', () => {
  it('counts a body of unknown length (chunked, or handed to the app without a length)', () => {
    expect(needsPartCount(undefined, 40, LIMIT)).toBe(true);
  });

  it('leaves out a body too short to hold more than the limit, and counts one just long enough', () => {
    const delimiter = '\r\n--b';
    const atMost = (n: number) => `--b${delimiter.repeat(n)}--\r\n`;
    // Nothing but delimiters: the densest body there is.
    expect(needsPartCount(atMost(LIMIT - 1).length, delimiter.length, LIMIT)).toBe(false);
    expect(needsPartCount(atMost(LIMIT + 1).length, delimiter.length, LIMIT)).toBe(true);
    for (const n of [0, 1, 500, LIMIT - 1, LIMIT, LIMIT + 1, 5000]) {
      const body = atMost(n);
      // Never skipped when the body holds more than the limit.
      if (occurrences(body, delimiter) > LIMIT) expect(needsPartCount(body.length, delimiter.length, LIMIT)).toBe(true);
    }
  });

  it("leaves out a real order form without documents, and counts one with more fields than the limit", async () => {
    const encode = async (fields: number) => {
      const form = new FormData();
      for (let i = 0; i < fields; i++) form.append(`cart[0][prices][${i}]`, String(i));
      const response = new Response(form);
      const boundary = /boundary=(\S+)/.exec(response.headers.get('content-type')!)![1]!;
      return { text: await response.text(), delimiter: `\r\n--${boundary}` };
    };
    const order = await encode(20);
    expect(needsPartCount(Buffer.byteLength(order.text), order.delimiter.length, LIMIT)).toBe(false);
    const flood = await encode(LIMIT + 10);
    expect(occurrences(flood.text, flood.delimiter)).toBeGreaterThan(LIMIT);
    expect(needsPartCount(Buffer.byteLength(flood.text), flood.delimiter.length, LIMIT)).toBe(true);
  });
});
