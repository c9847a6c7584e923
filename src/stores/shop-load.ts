// Reading the shop being booked (spec §4): its categories and products priced for the chosen dates,
// and the fidelity card typed for it, whose discount changes those prices. The state and its
// changes are ./configuration.ts's; these are its requests.
import type { CheckedFidelityCard } from '../api/contract/fidelity';
import { fetchFidelityCard } from '../api/fidelity';
import { fetchShop } from '../api/shops';
import { loadApi } from './api-loader';
import { $configuration, $products, askFidelityCard, bookingParams, setFidelityCard, showShop } from './configuration';

/** Loads a shop's categories and products priced for the chosen dates. */
export async function loadShop(slug: string): Promise<void> {
  showShop(await fetchShop(await loadApi(), slug, bookingParams()));
}

/**
 * A failed lookup sets the fidelity card to null (spec §4). The shop's prices depend on the card
 * (its discount), so a shop already loaded is loaded again: what the checkout shows is then what
 * the server will charge.
 */
export async function loadFidelityCard(typed: string): Promise<CheckedFidelityCard | null> {
  const number = askFidelityCard(typed);
  if (number === null) return null;
  let card: CheckedFidelityCard | null = null;
  try {
    const data = await fetchFidelityCard(await loadApi(), number);
    card = data.valid ? { ...data, number } : null;
  } catch {
    card = null;
  }
  const changed = setFidelityCard(card);
  const shop = $configuration.get().shop;
  if (shop && $products.get().length > 0 && changed) await loadShop(shop.slug).catch(() => undefined);
  return card;
}
