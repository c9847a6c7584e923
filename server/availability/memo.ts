// The memo of availability answers: the JSON body of each asked question (shop, period, product
// calendar, order left out), computed once, kept as the UTF-8 bytes the socket is given (a string
// body is measured and encoded again on every answer). Availability is asked on every visit and every date
// change; the answers change only when a booking or a unit out changes, or when the day changes (a
// unit out becomes overdue without any write), so the memo is emptied then.

/** More distinct questions than a day of real traffic asks: odd queries cannot fill the memory. */
const MAX_ANSWERS = 5000;

const utf8 = new TextEncoder();

/** A JSON body as the bytes an answer sends. */
export function jsonBytes(value: unknown): Uint8Array<ArrayBuffer> {
  return utf8.encode(JSON.stringify(value));
}

export class AnswerMemo {
  private readonly bodies = new Map<string, Uint8Array<ArrayBuffer>>();
  private day = '';

  /** The body for `key` as of `today`, computed once per key until the memo is emptied. */
  get(key: string, today: string, compute: () => unknown): Uint8Array<ArrayBuffer> {
    if (today !== this.day) {
      this.bodies.clear();
      this.day = today;
    }
    let body = this.bodies.get(key);
    if (body === undefined) {
      body = jsonBytes(compute());
      if (this.bodies.size > MAX_ANSWERS) this.bodies.clear();
      this.bodies.set(key, body);
    }
    return body;
  }

  clear(): void {
    this.bodies.clear();
  }
}
