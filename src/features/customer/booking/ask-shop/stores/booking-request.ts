// The "Ask the shop" form's submission: the form's raw values become the request body,
// the API's answer becomes what the form shows — the stored request, the 422 messages under the
// fields they name, or one message for the whole form (too many requests, no connection).
import { ApiClientError, NetworkError } from '~/api/client';
import { sendBookingRequest } from '~/api/booking-requests';
import {
  BOOKING_REQUEST_FIELDS,
  type BookingRequest,
  type BookingRequestField,
  type BookingRequestInput,
} from '~/api/contract/booking-requests';
import type { Locale } from '~/i18n/index';
import { api } from '~/stores/api';

/** The form's values: what the inputs hold, all text. */
export type BookingRequestFormValues = Record<BookingRequestField, string>;

/**
 * What the confirmation says of the customer's copy: nothing without an e-mail, else whether it
 * went (the API skips it past an address's copies of the day, and says so in `copied`).
 */
export type SentCopy = 'sent' | 'notSent' | null;

export function sentCopy(request: Pick<BookingRequest, 'email' | 'copied'>): SentCopy {
  if (!request.email) return null;
  // An API that does not say (`copied` absent) is taken to have sent it, as before it could say.
  return request.copied === false ? 'notSent' : 'sent';
}

export type BookingRequestOutcome =
  | { kind: 'sent'; request: BookingRequest; copy: SentCopy }
  /** Messages per form field; `root` holds one that belongs to no field. */
  | { kind: 'invalid'; errors: Partial<Record<BookingRequestField | 'root', string>> }
  /** Not sent (too many requests, no answer, the server failed): the message to show, if any. */
  | { kind: 'failed'; message: string | null };

/** The request body of the form's values, in the page's language (the language of the copy). */
export function bookingRequestBody(values: BookingRequestFormValues, locale: Locale): BookingRequestInput {
  return { ...values, locale };
}

const isField = (name: string): name is BookingRequestField => (BOOKING_REQUEST_FIELDS as readonly string[]).includes(name);

/** The first message of each field the API named; the others (a body-level one) go to `root`. */
export function fieldMessages(errors: Record<string, string[]>): Partial<Record<BookingRequestField | 'root', string>> {
  const out: Partial<Record<BookingRequestField | 'root', string>> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const target = isField(field) ? field : 'root';
    if (messages[0]) out[target] ??= messages[0];
  }
  return out;
}

/** Sends the form: never throws for an answer the form can show. */
export async function submitBookingRequest(values: BookingRequestFormValues, locale: Locale): Promise<BookingRequestOutcome> {
  try {
    const request = await sendBookingRequest(api, bookingRequestBody(values, locale));
    return { kind: 'sent', request, copy: sentCopy(request) };
  } catch (err) {
    if (err instanceof ApiClientError && err.status === 422) {
      const errors = fieldMessages(err.errors);
      return { kind: 'invalid', errors: Object.keys(errors).length > 0 ? errors : { root: err.message } };
    }
    if (err instanceof ApiClientError) return { kind: 'failed', message: err.message || null };
    if (err instanceof NetworkError) return { kind: 'failed', message: null };
    throw err;
  }
}
