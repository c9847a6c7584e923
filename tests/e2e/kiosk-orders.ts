// Orders for the kiosk tests, placed and read through the API as a customer and the shop's desks
// would: a guest's snowshoes order at the kiosks' shop, a kiosk token of the test's own, the order
// as the API has it now, and the payment-terminal simulator `npm start` runs (server/pos). And
// snowshoes put in a kiosk's cart through its screens, as a customer at the kiosk would.
import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { OrderEnvelopeSchema, type OrderResponse } from '~/api/contract/orders';
import { PairResponseSchema } from '~/api/contract/staff';
import { DEMO_POS_URL, demoPosUrl } from '~server/db/seed/kiosk';
import { addDays, DateModes, todayInRome } from '~/domain/dates';
import { TERMS_VERSION } from '~/domain/terms';
import { openSport } from './gear-helpers';
import { hydrated } from './hydration';

export const BARD = 'bardonecchia-sport-rent';
export const BARD_ID = 6;
/** A day `n` days from today in Rome (the API's today; UTC's is a day behind from 23:00 UTC in winter). */
export const day = (n: number) => addDays(todayInRome(), n);

export interface GuestOrder {
  from: string;
  to?: string;
  people?: number;
  firstName?: string;
  lastName?: string;
  phone?: string;
  /** Coupon codes the customer typed. */
  coupons?: string[];
  /** A loyalty card number the customer typed. */
  fidelityCard?: string;
  /** Placed at this kiosk (its token): the order is the kiosk's, under its document rule. */
  kioskToken?: string;
  /** Each person's name and measures as the booking's customer form sends them (field → value). */
  persons?: Record<string, string>[];
  /** Identity documents sent with the order (a kiosk that requires them refuses an order without). */
  documents?: { name: string; mimeType: string; buffer: Buffer }[];
}

/** A guest's order of snowshoes at the kiosks' shop, one pool per person. */
export async function placeOrder(request: APIRequestContext, options: GuestOrder): Promise<OrderResponse> {
  const to = options.to ?? options.from;
  const shop = await (await request.get(`/api/v1/shops/slug/${BARD}?from=${options.from}&to=${to}`)).json();
  const snowshoes = shop.data.products.find((p: { code: string }) => p.code === 'CIASPOLE');
  const cart = Object.fromEntries(Array.from({ length: options.people ?? 1 }, (_, i) => [`cart[${i}][prices][0]`, String(snowshoes.current_price.id)]));
  const placed = await request.post(`/api/v1/shops/${BARD_ID}/orders`, {
    headers: options.kioskToken ? { Authorization: options.kioskToken } : {},
    multipart: {
      terms_version: TERMS_VERSION,
      from: options.from,
      to,
      first_name: options.firstName ?? 'Marta',
      last_name: options.lastName ?? 'Neri',
      phone: options.phone ?? '+39 333 4444444',
      email: 'marta.neri@example.com',
      ...cart,
      ...Object.fromEntries((options.persons ?? []).flatMap((person, i) => Object.entries(person).map(([field, value]) => [`cart[${i}][customer][${field}]`, value]))),
      ...Object.fromEntries((options.coupons ?? []).map((code, i) => [`coupon_codes[${i}]`, code])),
      ...(options.fidelityCard ? { fidelity_card_number: options.fidelityCard } : {}),
      ...Object.fromEntries((options.documents ?? []).map((file, i) => [`medias[${i}][file]`, file])),
    },
  });
  expect(placed.status()).toBe(201);
  return OrderEnvelopeSchema.parse(await placed.json()).data;
}

/** A kiosk token of the test's own (pairing again does not unpair the browser under test). */
export async function staffToken(request: APIRequestContext, code: string): Promise<string> {
  const paired = PairResponseSchema.parse(await (await request.post('/api/v1/pair', { data: { code } })).json());
  return `Bearer ${paired.data.token}`;
}

/** The order as the API has it now. */
export async function readBack(request: APIRequestContext, token: string, id: number): Promise<OrderResponse> {
  const res = await request.get(`/api/v1/orders/${id}`, { headers: { Authorization: token } });
  return OrderEnvelopeSchema.parse(await res.json()).data;
}

/** The terminal simulator's failure switches (POST /control) and their reset. */
/** The simulator the server under test runs: on POS_PORT when the run moves it, as the demo cash desks follow it. */
const POS_URL = process.env.POS_PORT ? demoPosUrl(Number(process.env.POS_PORT)) : DEMO_POS_URL;

export const terminal = {
  url: POS_URL,
  control: (request: APIRequestContext, body: { failure?: 'declined' | 'paper_out' | 'timeout' | null; once?: boolean; delay_ms?: number }) =>
    request.post(`${POS_URL}/control`, { data: body }),
  reset: (request: APIRequestContext) => request.post(`${POS_URL}/control/reset`, { data: {} }),
};

/** What the page sent to the terminal, in order: each request's operations, payload and order. */
export interface TerminalRequest {
  operations: number[];
  payload: { amount?: number; items?: Record<string, unknown>[]; payments?: { method: string; amount: number }[] };
  order: Record<string, unknown> | null;
}

/** Every request the page sends to the terminal, as `[operations]` with its body. */
export function watchTerminal(page: Page) {
  const sent: TerminalRequest[] = [];
  page.on('request', (req: Request) => {
    if (req.url() === `${terminal.url}/process` && req.method() === 'POST') sent.push(req.postDataJSON());
  });
  return { sent, operations: () => sent.map((s) => s.operations.join('+')) };
}

/** Snowshoes for a day a month ahead in the cart of the kiosk on the page (its shop's booking page). */
export async function addSnowshoes(page: Page) {
  // The page's own reads first: a public kiosk's start screen loads the shop and stores it with the
  // configuration it holds, which would write over the dates stored below.
  await page.waitForLoadState('networkidle');
  // A day a month ahead, chosen as a customer would have in the calendar, then the shop's page.
  await page.evaluate((multipleDates) => {
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const stored = JSON.parse(localStorage.getItem('configuration')!);
    localStorage.setItem('configuration', JSON.stringify({ ...stored, multipleDates, dates: [day] }));
  }, DateModes.SINGLE);
  await page.goto(`/prenota/${BARD}`);
  await hydrated(page);
  await openSport(page, 'Ciaspole');
  const product = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ciaspole e bastoncini' }) });
  await product.getByRole('button', { name: /Aggiungi al carrello/ }).click();
  await expect(page.getByRole('link', { name: '1 articolo nel carrello' })).toBeVisible();
}
