import { describe, expect, it } from 'vitest';
import { documentNeeded, documentsRequiredFor, holdsDocument, mayShowIdAtDesk, missingDocument } from './order-documents';
import { identityNotice } from './identity-notice';

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

describe('documentsRequiredFor (spec §5: the order’s rule, and the writing kiosk’s)', () => {
  it('an order placed at a kiosk without data_security_user_optional, whoever writes it; or such a kiosk writing', () => {
    // Placed at such a kiosk: the guest link, the owner (no kiosk) or a kiosk with them optional.
    expect(documentsRequiredFor(REQUIRED, null)).toBe(true);
    expect(documentsRequiredFor(REQUIRED, OPTIONAL)).toBe(true);
    // An online order, or one of a kiosk with them optional, changed at a kiosk that requires them.
    expect(documentsRequiredFor(null, REQUIRED)).toBe(true);
    expect(documentsRequiredFor(OPTIONAL, REQUIRED)).toBe(true);
    expect(documentsRequiredFor(OPTIONAL, null)).toBe(false);
    expect(documentsRequiredFor(null, OPTIONAL)).toBe(false);
    expect(documentsRequiredFor(null, null)).toBe(false);
  });
});

describe('missingDocument (spec §5, the same for a new order and an edit)', () => {
  it('only when a document is required and the order would hold none', () => {
    expect(missingDocument(true, [])).toBe(true);
    expect(missingDocument(true, [], [7])).toBe(false);
    expect(missingDocument(true, [stored(7, true)], [7])).toBe(true);
    expect(missingDocument(false, [])).toBe(false);
  });
});

describe('showing the identity document at the desk (id_at_desk)', () => {
  it('only a public kiosk may place such an order', () => {
    expect(mayShowIdAtDesk({ type: 10 })).toBe(true);
    expect(mayShowIdAtDesk({ type: 20 })).toBe(false);
    expect(mayShowIdAtDesk({ type: 30 })).toBe(false);
    expect(mayShowIdAtDesk(null)).toBe(false);
  });

  it('lifts the need for a document, and only that', () => {
    expect(documentNeeded(true, false)).toBe(true);
    expect(documentNeeded(true, true)).toBe(false);
    expect(documentNeeded(false, false)).toBe(false);
  });

  it('the desk is told to ask for it, before an order merely missing one', () => {
    expect(identityNotice({ id_at_desk: true, document_missing: true })).toBe('atDesk');
    expect(identityNotice({ id_at_desk: false, document_missing: true })).toBe('missing');
    expect(identityNotice({ id_at_desk: false, document_missing: false })).toBeNull();
    expect(identityNotice({})).toBeNull();
  });
});
