// The account page: reached from the user menu's "Profilo"; the details edited through
// PATCH v1/user with the API's 422 under the field, a stored document added then replaced, each
// surviving a reload; axe with every rule on the page.
import { expect, test } from '@playwright/test';
import { hydrated } from './hydration';
import { violations } from './axe';
import { logIn, newCustomer } from './people-helpers';

const USER = 'franca.profilo@example.com';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex')]);

test('account profile: details and a document replaced round-trip; axe clean', async ({ page, request }) => {
  await newCustomer(request, USER, 'Franca', 'Profilo');
  await logIn(page, '/noleggi/', USER, 'Franca');
  await page.getByRole('button', { name: 'Ciao Franca' }).click();
  await page.getByRole('link', { name: 'Profilo' }).click();
  await expect(page).toHaveURL(/\/account\/?$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Il mio profilo' })).toBeVisible();
  const details = page.getByRole('form', { name: 'Dati personali' });
  await expect(details.getByLabel('Nome', { exact: true })).toHaveValue('Franca');
  expect(await violations(page)).toEqual([]);

  // The browser refuses what the contract refuses; the API's own refusal lands under its field.
  await details.getByLabel('Telefono').fill('chiamami');
  await details.getByRole('button', { name: 'Salva le modifiche' }).click();
  await expect(details.getByText('Numero di telefono non valido')).toBeVisible();
  await expect(details.getByLabel('Telefono')).toHaveAttribute('aria-invalid', 'true');
  await details.getByLabel('Telefono').fill('+39 340 123 4567');
  await details.getByLabel('Numero della carta fedeltà').fill('FID-NESSUNA');
  await details.getByRole('button', { name: 'Salva le modifiche' }).click();
  await expect(details.getByText('Carta fedeltà non trovata')).toBeVisible();
  await expect(details.getByLabel('Numero della carta fedeltà')).toBeFocused();
  await details.getByLabel('Numero della carta fedeltà').fill('');
  await details.getByLabel('Nome', { exact: true }).fill('Francesca');
  await details.getByLabel('Cognome').fill('Profili');
  await details.getByRole('button', { name: 'Salva le modifiche' }).click();
  await expect(page.getByRole('button', { name: 'Ciao Francesca' })).toBeVisible();

  const documents = page.getByRole('region', { name: "Documenti d'identità" });
  // The picker is a button in the page's language, the browser's own ("Choose Files") transparent under it.
  await expect(documents.getByText('Aggiungi un documento', { exact: true })).toBeVisible();
  await expect(documents.getByLabel('Aggiungi un documento')).toHaveCSS('opacity', '0');
  await documents.getByLabel('Aggiungi un documento').setInputFiles({ name: 'fronte.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(documents.getByText('Documento 1: fronte.pdf')).toBeVisible();
  await documents.getByLabel('Sostituisci il documento 1').setInputFiles({ name: 'nuovo-fronte.png', mimeType: 'image/png', buffer: PNG });
  await expect(documents.getByText('Documento 1: nuovo-fronte.png')).toBeVisible();
  // A file that is no document is refused under the field that sent it.
  await documents.getByLabel('Aggiungi un documento').setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('ciao') });
  await expect(documents.locator('#profile-document-add-error')).not.toBeEmpty();
  expect(await violations(page)).toEqual([]);

  await page.reload();
  await hydrated(page);
  await expect(details.getByLabel('Nome', { exact: true })).toHaveValue('Francesca');
  await expect(details.getByLabel('Cognome')).toHaveValue('Profili');
  await expect(details.getByLabel('Telefono')).toHaveValue('+39 340 123 4567');
  await expect(details.getByLabel('Numero della carta fedeltà')).toHaveValue('');
  await expect(documents.getByRole('listitem')).toHaveCount(1);
  await expect(documents.getByText('Documento 1: nuovo-fronte.png')).toBeVisible();
  await expect(documents.getByText('fronte.pdf')).toHaveCount(0);
});
