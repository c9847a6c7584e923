// What a failed request means for a form or a screen (src/api/errors.ts): the islands read these
// instead of the client's ApiClientError.
import { describe, expect, it } from 'vitest';
import { ApiClientError, NetworkError } from '~/api/client';
import { apiMessage, fieldMessages, firstApiMessage, isUnprocessable, refusalMessage } from '~/api/errors';

const refused = new ApiClientError(422, 'I dati non sono validi', { password: ['Credenziali errate'], username: ['Obbligatorio', 'altro'], bocard: [], other: ['Altro'] });
const gone = new ApiClientError(410, 'L’ordine non può più cambiare');
const offline = new NetworkError('fetch failed');

describe('api errors', () => {
  it('isUnprocessable: a 422 only', () => {
    expect([refused, gone, offline, new Error('x')].map(isUnprocessable)).toEqual([true, false, false, false]);
  });

  it('fieldMessages: first message of each field, in the form’s order and only its fields', () => {
    expect(fieldMessages(refused, ['username', 'password', 'bocard'] as const)).toEqual([
      ['username', 'Obbligatorio'],
      ['password', 'Credenziali errate'],
    ]);
    expect(fieldMessages(refused)).toEqual([
      ['password', 'Credenziali errate'],
      ['username', 'Obbligatorio'],
      ['other', 'Altro'],
    ]);
    expect([fieldMessages(gone), fieldMessages(offline)]).toEqual([null, null]);
  });

  it('refusalMessage: the field’s message, else the refusal’s own; null unless a 422', () => {
    expect(refusalMessage(new ApiClientError(422, 'Codice non valido', { code: ['Codice scaduto'] }), 'code')).toBe('Codice scaduto');
    expect(refusalMessage(new ApiClientError(422, 'Codice non valido'), 'code')).toBe('Codice non valido');
    expect(refusalMessage(gone, 'code')).toBeNull();
  });

  it('apiMessage and firstApiMessage: what the API said; null when no answer came', () => {
    expect([apiMessage(gone), apiMessage(new ApiClientError(500, '')), apiMessage(offline)]).toEqual(['L’ordine non può più cambiare', '', null]);
    expect([firstApiMessage(refused), firstApiMessage(gone), firstApiMessage(offline)]).toEqual(['Credenziali errate', 'L’ordine non può più cambiare', null]);
  });
});
