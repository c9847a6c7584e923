// What the visitor is booking (spec §3 "Configuration state"): site, sport, shop, dates and date
// mode, fidelity card, kiosk settings. The persisted part follows spec §3 for a non-kiosk browser;
// the shop's products, categories and availabilities are loaded per page and kept in memory.
import { atom, computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import * as z from 'zod/mini';
import { ConfigurationStateSchema } from '../api/contract/configuration';
import type { Category, Product, Shop, Site, Sport } from '../api/contract/catalogue';
import { ShopLoadSchema } from '../api/contract/catalogue';
import { FidelityInfoResponseSchema, type CheckedFidelityCard } from '../api/contract/fidelity';
import type { DateMode } from '../domain/dates';
import { normalizeDates } from '../domain/dates';
import { visibleCategories } from '../domain/catalogue';
import { availableCount } from '../domain/cart';
import { shopRequestParams } from '../domain/booking-params';
import { $cart } from './cart';
import { CONFIGURATION_KEY, REF_STORAGE_KEY } from './keys';
import { persistentValidated } from './persisted';
import { isPlausibleFidelityCardNumber, normalizeFidelityCardNumber } from '../domain/fidelity';

const PersistedSchema = z.pick(ConfigurationStateSchema, {
  totem: true,
  shop: true,
  site: true,
  sport: true,
  dates: true,
  multipleDates: true,
  fidelityCard: true,
  askedFidelityCards: true,
  searchFormConfiguration: true,
  canSeeConfig: true,
  lastRefresh: true,
  morning: true,
});
type Persisted = z.infer<typeof PersistedSchema>;
const persistedDefaults = (): Persisted => PersistedSchema.parse({});

/** Spec §3: a kiosk also keeps `morning` and `lastRefresh`; any other browser does not. */
export function persistedPart({ lastRefresh, morning, ...common }: Persisted): Partial<Persisted> {
  return common.totem ? { ...common, lastRefresh, morning } : common;
}

export const $configuration = persistentValidated(CONFIGURATION_KEY, PersistedSchema, persistedDefaults, persistedPart);
/**
 * Referral reference; also written by the navigation script from `forced_ref`. Spec §3 keeps it
 * for non-kiosk browsers only: pairing drops it and the script stores none on a kiosk.
 */
export const $ref = persistentAtom<string | undefined>(REF_STORAGE_KEY, undefined);

export const $products = atom<Product[]>([]);
export const $categories = atom<Category[]>([]);
export const $availabilities = atom<Record<string, number>>({});

const patch = (change: Partial<Persisted>) => $configuration.set({ ...$configuration.get(), ...change });

/** Server availability minus what the cart already holds (add-ons included). */
export const $availableCounts = computed([$availabilities, $cart], (server, cart) => {
  const counts: Record<string, number> = {};
  for (const id of Object.keys(server)) counts[id] = availableCount(id, server, cart.products);
  return counts;
});

export function setDates(mode: DateMode, dates: readonly (string | null | undefined)[]): void {
  patch({ multipleDates: mode, dates: normalizeDates(mode, dates) });
}

export function setShop(shop: Shop | null): void {
  patch({ shop });
}

export function setSite(site: Site | null): void {
  patch({ site, sport: null });
}

export function setSport(sport: Sport | null): void {
  patch({ sport });
}

/**
 * Clears dates, mode, products, categories, availabilities, site, sport, fidelity card, asked
 * cards and search form; the shop too when asked. A full clear also forgets the kiosk.
 */
export function clearConfiguration(options: { resetShop?: boolean; full?: boolean } = {}): void {
  const current = $configuration.get();
  $configuration.set({
    ...persistedDefaults(),
    shop: options.resetShop || options.full ? null : current.shop,
    totem: options.full ? null : current.totem,
    canSeeConfig: options.full ? false : current.canSeeConfig,
    // A kiosk's daily reload is about the device, not what was being booked.
    lastRefresh: options.full ? null : current.lastRefresh,
  });
  $products.set([]);
  $categories.set([]);
  $availabilities.set({});
}

/** The query of the shop and availabilities calls for what is being booked now. */
export function bookingParams() {
  const { multipleDates, dates, fidelityCard } = $configuration.get();
  return shopRequestParams({
    multipleDates,
    dates,
    orderCodeToReplace: $cart.get().orderCodeToReplace,
    fidelityCardNumber: fidelityCard?.number ?? null,
  });
}

async function client() {
  return (await import('../api/instance')).api;
}

/** Loads a shop's categories and products priced for the chosen dates. */
export async function loadShop(slug: string): Promise<void> {
  const api = await client();
  const { data } = await api.get(`v1/shops/slug/${encodeURIComponent(slug)}`, {
    query: bookingParams(),
    schema: z.object({ data: ShopLoadSchema }),
  });
  patch({ shop: data.shop });
  $categories.set(visibleCategories(data.categories));
  $products.set(data.products);
}

/**
 * A failed lookup sets the fidelity card to null (spec §4). The shop's prices depend on the card
 * (its discount), so a shop already loaded is loaded again: what the checkout shows is then what
 * the server will charge.
 */
export async function loadFidelityCard(typed: string): Promise<CheckedFidelityCard | null> {
  // A number failing its check digit is a typo: refused here, before any request (issue #11).
  if (!isPlausibleFidelityCardNumber(typed)) return null;
  const number = normalizeFidelityCardNumber(typed);
  const asked = $configuration.get().askedFidelityCards;
  patch({ askedFidelityCards: asked.includes(number) ? asked : [...asked, number] });
  let card: CheckedFidelityCard | null = null;
  try {
    const api = await client();
    const { data } = await api.get('v1/fidelity_card/info', { query: { fidelity_card_number: number }, schema: FidelityInfoResponseSchema, quiet: true });
    card = data.valid ? { ...data, number } : null;
  } catch {
    card = null;
  }
  const before = $configuration.get().fidelityCard?.number ?? null;
  patch({ fidelityCard: card });
  const shop = $configuration.get().shop;
  if (shop && $products.get().length > 0 && before !== (card?.number ?? null)) await loadShop(shop.slug).catch(() => undefined);
  return card;
}
