// A logged-in customer's own loyalty card is applied at checkout without typing, once per cart: it
// can be taken off (and stays off across a reload), typed back, and the order carries it.
import { expect, test } from '@playwright/test';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { acceptTerms, checkoutWithSnowshoes, fillContact } from './checkout-helpers';
import { hydrated } from './hydration';
import { asDemoCustomer } from './people-helpers';

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });

test("the demo customer's card FID-0001 is applied at checkout, removable, once per cart", async ({ page, request }) => {
  await asDemoCustomer(page, request);

  const main = await checkoutWithSnowshoes(page, request, 90);
  const card = main.getByRole('group', { name: 'Carta fedeltà' });
  const applied = card.getByText('La tua carta FID-0001 è applicata: sconto 10%');
  await expect(applied).toBeVisible();
  await expect(card.getByLabel('Carta fedeltà')).toHaveValue('FID-0001');
  const total = page.getByTestId('cart-total');
  await expect(total).toHaveText(/^\d+(\.\d{3})*,\d\d\s€$/);
  const withCard = await total.innerText();

  await card.getByRole('button', { name: 'Togli la carta' }).click();
  await expect(applied).toHaveCount(0);
  await expect(card.getByLabel('Carta fedeltà')).toHaveValue('');
  await expect(card.getByLabel('Carta fedeltà')).toBeFocused();
  await expect(total).not.toHaveText(withCard);
  const without = await total.innerText();
  const euros = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
  expect(euros(without)).toBeGreaterThan(euros(withCard));

  // Once per cart: removed, it is not applied again by a reload.
  await page.reload();
  await hydrated(page);
  await expect(total).toHaveText(without);
  await expect(card.getByLabel('Carta fedeltà')).toHaveValue('');
  await expect(card.getByRole('button', { name: 'Togli la carta' })).toHaveCount(0);

  // Typed back, it applies as any card, and the order carries it.
  await card.getByLabel('Carta fedeltà').fill('FID-0001');
  await card.getByRole('button', { name: 'Verifica' }).click();
  await expect(card.getByText('Carta valida: sconto 10%')).toBeVisible();
  await expect(total).toHaveText(withCard);
  await fillContact(main);
  await acceptTerms(main);
  await main.getByRole('button', { name: "Conferma l'ordine" }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ordine confermato' })).toBeVisible();
  const uuid = /\/orders\/confirmed\/\?order=([0-9a-f-]{36})$/.exec(page.url())![1]!;
  const order = OrderEnvelopeSchema.parse(await (await request.get(`/api/v1/guest/orders/${uuid}`)).json()).data;
  expect(order.fidelity_card_number).toBe('FID-0001');
});
