import { describe, expect, it } from 'vitest';
import { checkoutRefusal } from './checkout-errors';
import { CHECKOUT_TEXT_FIELDS, shownCheckoutFields } from './order-contact';

const refusal = (errors: Record<string, string[]>, message = 'I dati inseriti non sono validi') => ({ message, errors });

describe('checkoutRefusal', () => {
  it('puts each shown field’s first message under it, in page order, and focuses the first', () => {
    const r = checkoutRefusal(refusal({ email: ['Email non valida', 'altro'], first_name: ['Obbligatorio'] }), false);
    expect(r.fields).toEqual([
      ['first_name', 'Obbligatorio'],
      ['email', 'Email non valida'],
    ]);
    expect(r).toMatchObject({ documents: null, others: [], focus: 'first_name' });
  });

  it('lists the fiscal code’s message when the form hides it (no invoice), under it when shown', () => {
    const errors = { fiscal_code: ['Codice fiscale non valido'] };
    expect(checkoutRefusal(refusal(errors), false)).toMatchObject({ fields: [], others: [{ field: 'fiscal_code', message: 'Codice fiscale non valido' }], focus: 'list' });
    expect(checkoutRefusal(refusal(errors), true)).toMatchObject({ fields: [['fiscal_code', 'Codice fiscale non valido']], others: [], focus: 'fiscal_code' });
  });

  it('gives the documents their message, and the focus when nothing else is refused', () => {
    expect(checkoutRefusal(refusal({ medias: ['Serve un documento'] }), false)).toEqual({ fields: [], documents: 'Serve un documento', others: [], focus: 'documents' });
    const withLine = checkoutRefusal(refusal({ medias: ['Serve un documento'], 'cart.0.customer.height': ['Obbligatorio'] }), false);
    expect(withLine).toMatchObject({ documents: 'Serve un documento', others: [{ field: 'cart.0.customer.height', message: 'Obbligatorio' }], focus: 'list' });
  });

  it('keeps every message of the other fields with the field it is about', () => {
    const r = checkoutRefusal(refusal({ 'cart.1': ['Esaurito', 'Non disponibile'], from: ['Data nel passato'] }), false);
    expect(r.others).toEqual([
      { field: 'cart.1', message: 'Esaurito' },
      { field: 'cart.1', message: 'Non disponibile' },
      { field: 'from', message: 'Data nel passato' },
    ]);
    expect(r.focus).toBe('list');
  });

  it('says the refusal’s own message when no field is named', () => {
    expect(checkoutRefusal(refusal({}, 'Negozio chiuso'), false)).toEqual({ fields: [], documents: null, others: [{ field: '', message: 'Negozio chiuso' }], focus: 'list' });
  });

  it('has nothing to focus when the only named field has no message', () => {
    expect(checkoutRefusal(refusal({ email: [] }), false)).toEqual({ fields: [], documents: null, others: [], focus: null });
  });
});

describe('shownCheckoutFields', () => {
  it('shows the fiscal code only with an invoice', () => {
    expect(shownCheckoutFields(true)).toEqual(CHECKOUT_TEXT_FIELDS);
    expect(shownCheckoutFields(false)).not.toContain('fiscal_code');
  });

  it('a refused terms version goes under the consent box when the form shows it, after the text fields', () => {
    const errors = { terms_version: ['Le condizioni sono cambiate: rileggile e accetta di nuovo.'], email: ['Email non valida'] };
    expect(checkoutRefusal(refusal(errors), false, true)).toMatchObject({
      fields: [
        ['email', 'Email non valida'],
        ['terms', 'Le condizioni sono cambiate: rileggile e accetta di nuovo.'],
      ],
      others: [],
      focus: 'email',
    });
    expect(checkoutRefusal(refusal({ terms_version: ['x'], terms_accepted_at: ['y'] }), false, true)).toMatchObject({ fields: [['terms', 'x']], focus: 'terms' });
    // Without the box (a kiosk, an edit) the message has nowhere else to go but the list.
    expect(checkoutRefusal(refusal({ terms_version: ['x'] }), false, false)).toMatchObject({ fields: [], others: [{ field: 'terms_version', message: 'x' }], focus: 'list' });
  });
});
