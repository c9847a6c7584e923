// POST v1/booking_requests ("Ask the shop"): the request through the typed client,
// the answer read with the contract's schema.
import { BookingRequestResponseSchema, type BookingRequest, type BookingRequestInput } from './contract/booking-requests';
import type { ApiClient } from './client';

/**
 * Sends a request; answers the stored request. A refusal is the client's ApiClientError (422 with
 * its field errors, 429 when the address sent too many): the caller shows it where it belongs.
 */
export async function sendBookingRequest(api: ApiClient, body: BookingRequestInput): Promise<BookingRequest> {
  // quiet: the form shows every refusal, and a missing answer, itself (under its fields or in its
  // own alert), not in the snackbar too.
  return (await api.post('v1/booking_requests', { json: body, schema: BookingRequestResponseSchema, quiet: true, quietOffline: true })).data;
}
