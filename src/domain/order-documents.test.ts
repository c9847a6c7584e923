import { describe, expect, it } from 'vitest';
import { holdsDocument, missingDocument } from './order-documents';

const upload = (size = 10) => ({ id: 0, stored: false, deleted: false, file: { size } });
const stored = (id: number, deleted = false) => ({ id, stored: true, deleted });
const REQUIRED = { data_security_user_optional: false };
const OPTIONAL = { data_security_user_optional: true };

describe('holdsDocument (an order once written holds an identity document)', () => {
  it('a new non-empty upload, or a stored document linked by its id and not deleted', () => {
    expect(holdsDocument([upload()])).toBe(true);
    expect(holdsDocument([stored(5)])).toBe(true);
    expect(holdsDocument([])).toBe(false);
    expect(holdsDocument([upload(0)])).toBe(false);
    expect(holdsDocument([stored(5, true)])).toBe(false);
    // Without an id nothing is linked.
    expect(holdsDocument([stored(0)])).toBe(false);
  });

  it('an edit: the order’s own documents count unless the form deletes them', () => {
    expect(holdsDocument([], [7])).toBe(true);
    expect(holdsDocument([stored(7, true)], [7])).toBe(false);
    expect(holdsDocument([stored(7, true)], [7, 8])).toBe(true);
    expect(holdsDocument([stored(7, true), upload()], [7])).toBe(true);
  });

  it('a document the form both links and deletes is deleted (the server deletes it): it does not count', () => {
    expect(holdsDocument([stored(7), stored(7, true)], [7])).toBe(false);
    expect(holdsDocument([stored(7, true), stored(7)])).toBe(false);
    expect(holdsDocument([stored(7), stored(7, true), stored(8)], [7, 8])).toBe(true);
  });
});

describe('missingDocument (spec §5, the same for a new order and an edit)', () => {
  it('only a kiosk without data_security_user_optional asks for one', () => {
    expect(missingDocument(REQUIRED, [])).toBe(true);
    expect(missingDocument(REQUIRED, [], [7])).toBe(false);
    expect(missingDocument(REQUIRED, [stored(7, true)], [7])).toBe(true);
    expect(missingDocument(OPTIONAL, [])).toBe(false);
    expect(missingDocument(null, [])).toBe(false);
  });
});
