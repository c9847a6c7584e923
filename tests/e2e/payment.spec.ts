// Paying an order online: from the order page to the payment provider's page (the reference
// server's simulated one) and back, with the outcome announced and the order's state shown.
import { expect, test } from '@playwright/test';
import { hydrated } from './hydration';
import { placeGuestOrder } from './guest-order';

const euro = (n: number) => new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(n);

test('a guest pays an order online and comes back to it paid', async ({ page, request }) => {
  const order = await placeGuestOrder(request, 60);
  await page.goto(`/orders/${order.uuid}`);
  await hydrated(page);
  await expect(page.getByText('Confermato · Da pagare')).toBeVisible();
  await page.getByRole('button', { name: `Paga ora ${euro(order.total_amount)}` }).click();

  await expect(page.getByRole('heading', { name: 'Pagamento (simulato)' })).toBeVisible();
  await expect(page.getByTestId('payment-amount')).toHaveText(euro(order.total_amount));
  await page.getByRole('button', { name: `Paga ${euro(order.total_amount)}` }).click();

  await expect(page).toHaveURL(new RegExp(`/orders/${order.uuid}$`));
  await expect(page.getByRole('status')).toContainText('Pagamento ricevuto: grazie!');
  await expect(page.getByText('Confermato · Pagato')).toBeVisible();
  await expect(page.getByRole('button', { name: /Paga ora/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Modifica' })).toHaveCount(0);
  const api = await (await request.get(`/api/v1/guest/orders/${order.uuid}`)).json();
  expect(api.data.paid).toBe(true);

  // A reload does not announce the payment again.
  await page.reload();
  await hydrated(page);
  await expect(page.getByText('Confermato · Pagato')).toBeVisible();
  await expect(page.getByRole('status')).not.toContainText('Pagamento ricevuto');
});

test('when the provider confirms late, the order page waits for it and does not offer to pay again', async ({ page, request }) => {
  const order = await placeGuestOrder(request, 63);
  await page.goto(`/orders/${order.uuid}`);
  await hydrated(page);
  // An order far ahead can still change…
  await expect(page.getByRole('button', { name: 'Modifica' })).toBeVisible();
  await page.getByRole('button', { name: /Paga ora/ }).click();
  await page.getByRole('button', { name: 'Paga, con la conferma in ritardo di qualche secondo' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.uuid}$`));
  await expect(page.getByText('Stiamo confermando il pagamento…').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Paga ora/ })).toHaveCount(0);
  // …but not while its payment is being confirmed: that would turn the payment into a refund.
  await expect(page.getByRole('button', { name: 'Modifica' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Annulla ordine' })).toHaveCount(0);
  await expect(page.getByRole('status')).toContainText('Pagamento ricevuto: grazie!', { timeout: 15_000 });
  await expect(page.getByText('Confermato · Pagato')).toBeVisible();
  await expect(page.getByRole('button', { name: /Paga ora/ })).toHaveCount(0);
});

test('a failed re-read while a payment is being confirmed keeps the order on screen and says it is not confirmed yet', async ({ page, request }) => {
  const order = await placeGuestOrder(request, 64);
  await page.goto(`/orders/${order.uuid}`);
  await hydrated(page);
  await page.getByRole('button', { name: /Paga ora/ }).click();
  // Back on the order page: its first read goes through, the re-reads fail.
  let reads = 0;
  await page.route(`**/api/v1/guest/orders/${order.uuid}`, (route) => (++reads === 1 ? route.continue() : route.abort('connectionreset')));
  await page.getByRole('button', { name: 'Paga, con la conferma in ritardo di qualche secondo' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.uuid}$`));
  await expect(page.getByRole('status')).toContainText('Il pagamento non risulta ancora confermato', { timeout: 15_000 });
  expect(reads).toBeGreaterThan(1);
  await expect(page.getByRole('heading', { name: `Ordine ${order.number}` })).toBeVisible();
  await expect(page.getByText("Ordine non trovato")).toHaveCount(0);
});

test('giving up or a refused card leaves the order to pay, with the reason', async ({ page, request }) => {
  const order = await placeGuestOrder(request, 61);
  await page.goto(`/en/orders/${order.uuid}`);
  await hydrated(page);
  await page.getByRole('button', { name: /^Pay now/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment (simulated)' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel and go back to the shop' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/orders/${order.uuid}$`));
  await expect(page.getByRole('status')).toContainText('Payment cancelled: the order is still to be paid.');

  await page.getByRole('button', { name: /^Pay now/ }).click();
  await page.getByRole('button', { name: 'Simulate a declined card' }).click();
  await expect(page.getByRole('alert')).toContainText('The payment did not go through: nothing was charged.');
  await expect(page.getByRole('button', { name: /^Pay now/ })).toBeVisible();
  expect((await (await request.get(`/api/v1/guest/orders/${order.uuid}`)).json()).data.paid).toBe(false);
});

test('an order paid meanwhile in another tab is refused with the reason and shown paid', async ({ page, request }) => {
  const order = await placeGuestOrder(request, 62);
  await page.goto(`/orders/${order.uuid}`);
  await hydrated(page);
  await expect(page.getByRole('button', { name: /Paga ora/ })).toBeVisible();
  // Another tab pays it first.
  const session = await (await request.post(`/api/v1/orders/${order.uuid}/payments`, { data: { return_path: '/' } })).json();
  const paid = await request.post(new URL(session.data.payment_url).pathname, { form: { outcome: 'paid' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);

  await page.getByRole('button', { name: /Paga ora/ }).click();
  await expect(page.getByRole('status')).toContainText("L'ordine è già stato pagato");
  await expect(page.getByText('Confermato · Pagato')).toBeVisible();
  await expect(page.getByRole('button', { name: /Paga ora/ })).toHaveCount(0);
});
