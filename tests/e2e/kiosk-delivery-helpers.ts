// Shared steps of the delivery and pickup tests (kiosk-delivery.spec.ts): units free on the shelf,
// a delivery made through the API, codes typed as a USB scanner types them, the scan field's
// readiness after a refusal, and the accessibility checks (axe, 48 px targets).
export { violations } from './axe';
import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { hydrated } from './hydration';
import { readBack } from './kiosk-orders';
import type { OrderResponse } from '~/api/contract/orders';

/** Units of a product the shop has on the shelf now (other tests may hold some). */
export async function available(request: APIRequestContext, token: string, product: string, n: number): Promise<string[]> {
  const res = await request.get('/api/v1/specific_products?status=available', { headers: { Authorization: token } });
  expect(res.status()).toBe(200);
  const units: { internal_code: string; product: { code: string } }[] = (await res.json()).data;
  const codes = units.filter((u) => u.product.code === product).map((u) => u.internal_code);
  expect(codes.length).toBeGreaterThanOrEqual(n);
  return codes.slice(0, n);
}

/** The order's lines, as the API hands them out: one id per person. */
export const lineIds = (order: OrderResponse) => order.order_detail_pools.flatMap((p) => p.order_details.map((d) => d.id));

export async function deliverByApi(request: APIRequestContext, token: string, order: OrderResponse, codes: string[]) {
  const ids = lineIds(order);
  const res = await request.post('/api/v1/delivery', {
    headers: { Authorization: token },
    data: { order_id: order.id, delivery_details: codes.map((internal_code, i) => ({ internal_code, id_order_detail: ids[i] })) },
  });
  expect(res.status()).toBe(200);
  return readBack(request, token, order.id);
}

/** Types a code the way a USB scanner does: key after key, then Enter. */
export async function scan(page: Page, label: string, code: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.pressSequentially(code);
  await field.press('Enter');
}

export async function expectReadyForNextScan(page: Page, label: string, code: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(code);
  // Selected: the next scan replaces it.
  expect(await field.evaluate((el: HTMLInputElement) => el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0))).toBe(code);
}

export async function openDelivery(page: Page, order: OrderResponse) {
  await page.goto('/totem/delivery');
  await hydrated(page);
  const search = page.getByLabel("Numero d'ordine, nome o telefono (o leggi il numero d'ordine)");
  await search.pressSequentially(order.number);
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: `Ordine ${order.number}` })).toBeVisible();
}

/**
 * The API writes (not GET) the page sends from now on, each until it has its answer or fails: a
 * test waits for the set to empty before it reads what landed.
 */
export function writesInFlight(page: Page): ReadonlySet<Request> {
  const writing = new Set<Request>();
  const ended = (r: Request) => writing.delete(r);
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/api/')) writing.add(r);
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return writing;
}

