// A guest's order placed through the API (no browser): snowshoes at Sport Noleggio Sestriere on the
// shop's `offset`-th open day, confirmed and unpaid. Each spec takes its own day, so stock never clashes.
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { inSeasonDay } from '../support/season';
import { TERMS_VERSION } from '~/domain/terms';

export async function placeGuestOrder(request: APIRequestContext, offset: number) {
  const from = inSeasonDay('sport-noleggio-sestriere', offset);
  const shop = await (await request.get(`/api/v1/shops/slug/sport-noleggio-sestriere?from=${from}&to=${from}`)).json();
  const snowshoes = shop.data.products.find((p: { code: string }) => p.code === 'CIASPOLE');
  const placed = await request.post('/api/v1/shops/1/orders', {
    multipart: { terms_version: TERMS_VERSION, from, to: from, first_name: 'Paola', last_name: 'Neri', phone: '+39 333 4444444', email: 'paola@example.com', 'cart[0][prices][0]': String(snowshoes.current_price.id) },
  });
  expect(placed.status()).toBe(201);
  return (await placed.json()).data as { uuid: string; number: string; total_amount: number };
}

/** Who a guest order is for, as the checkout's form asks it. */
interface Contact {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
}

/**
 * A guest's order through the API of one unit at the price `priceId` of shop `shopId`, for the whole
 * of `day` (or only its morning): the specs that need a product booked as another customer would.
 * Answers the API's response, whose status the caller checks.
 */
export function postDayOrder(request: APIRequestContext, shopId: number, day: string, priceId: number, contact: Contact, morning = false): Promise<APIResponse> {
  return request.post(`/api/v1/shops/${shopId}/orders`, {
    multipart: { terms_version: TERMS_VERSION, from: day, to: day, morning: morning ? '1' : '0', afternoon: '0', ...contact, 'cart[0][prices][0]': String(priceId) },
  });
}
