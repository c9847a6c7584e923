// Setup and checks of the inventory tests (kiosk-inventory.spec.ts): units put out, taken back or
// unlocked through the API as another desk would, the units available at the time, and the page
// checks (axe with every rule, 48 px targets) of tests/e2e/kiosk-a11y.spec.ts.
import { violations } from './axe';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { day, placeOrder } from './kiosk-orders';
import { smallTargets } from './touch-targets';

export interface Unit {
  internal_code: string;
  product_model: string;
  product: { code: string; label: string };
}

/** Codes of available units of a product, last first (the first ones are other specs' favourites). */
export async function availableUnits(request: APIRequestContext, token: string, product: string): Promise<Unit[]> {
  const res = await request.get('/api/v1/specific_products?status=available', { headers: { Authorization: token } });
  expect(res.status()).toBe(200);
  return ((await res.json()).data as Unit[]).filter((u) => u.product.code === product).reverse();
}

async function api(request: APIRequestContext, token: string, path: string, data: unknown) {
  const res = await request.post(path, { headers: { Authorization: token }, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** A snowshoes order `n` days ahead with its unit handed out for its line (and optional extras). */
export async function handOut(request: APIRequestContext, token: string, n: number, code: string, extras: string[] = []) {
  const order = await placeOrder(request, { from: day(n) });
  const line = order.order_detail_pools[0]!.order_details[0]!.id;
  await api(request, token, '/api/v1/delivery', {
    order_id: order.id,
    delivery_details: [{ internal_code: code, id_order_detail: line }, ...extras.map((internal_code) => ({ internal_code }))],
  });
  return order;
}

export const pickUp = (request: APIRequestContext, token: string, items: { internal_code: string; problem?: string }[]) =>
  api(request, token, '/api/v1/pickup', { items });
export const unlock = (request: APIRequestContext, token: string, code: string) => api(request, token, `/api/v1/specific_products/${code}/unlock`, {});

export async function check(page: Page, what: string) {
  await expect(page.locator('[aria-busy=true]')).toHaveCount(0);
  expect(await violations(page), what).toEqual([]);
  expect(await smallTargets(page), what).toEqual([]);
}

