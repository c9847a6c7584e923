// What makes two order submissions the same (the checkout's Idempotency-Key).
import { describe, expect, it } from 'vitest';
import { orderFormFingerprint } from './orders';

const form = (fields: [string, string | File][]) => {
  const f = new FormData();
  for (const [k, v] of fields) f.append(k, v);
  return f;
};
const doc = (text: string, lastModified = 1) => new File([text], 'doc.pdf', { type: 'application/pdf', lastModified });

describe('orderFormFingerprint', () => {
  it('is the same for the same fields and documents, built twice', () => {
    expect(orderFormFingerprint(form([['from', '2026-12-20'], ['medias[0][file]', doc('abc')]]))).toBe(
      orderFormFingerprint(form([['from', '2026-12-20'], ['medias[0][file]', doc('abc')]])),
    );
  });

  it('differs for another value, another document or another order of fields', () => {
    const base = orderFormFingerprint(form([['from', '2026-12-20'], ['email', 'a@example.com'], ['medias[0][file]', doc('abc')]]));
    expect(orderFormFingerprint(form([['from', '2026-12-21'], ['email', 'a@example.com'], ['medias[0][file]', doc('abc')]]))).not.toBe(base);
    expect(orderFormFingerprint(form([['from', '2026-12-20'], ['email', 'a@example.com'], ['medias[0][file]', doc('abcd')]]))).not.toBe(base);
    expect(orderFormFingerprint(form([['from', '2026-12-20'], ['email', 'a@example.com'], ['medias[0][file]', doc('abc', 2)]]))).not.toBe(base);
    expect(orderFormFingerprint(form([['email', 'a@example.com'], ['from', '2026-12-20'], ['medias[0][file]', doc('abc')]]))).not.toBe(base);
  });

  it('keeps no field in clear: the digest is all that is stored', () => {
    const fingerprint = orderFormFingerprint(form([['first_name', 'Lucia'], ['phone', '+39 333 1234567'], ['email', 'lucia@example.com']]));
    expect(fingerprint).toMatch(/^[0-9a-z]{1,11}$/);
    for (const secret of ['Lucia', '333', 'lucia@example.com']) expect(fingerprint).not.toContain(secret);
  });
});
