// What the visitor is booking (spec §3 "Configuration state"): site, sport, shop, dates and date
// mode, fidelity card, kiosk settings. The persisted part follows spec §3 for a non-kiosk browser;
// the shop's products, categories and availabilities are loaded per page (./shop-load.ts) and kept
// in memory.
import { atom, computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import * as z from 'zod/mini';
import { ConfigurationStateSchema } from './configuration-schema';
import type { Category, Product, Shop, ShopLoad, Site, Sport } from '../api/contract/catalogue';
import type { CheckedFidelityCard } from '../api/contract/fidelity';
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

/** A shop read for the chosen dates (./shop-load.ts): its visible categories and its products. */
export function showShop(loaded: ShopLoad): void {
  patch({ shop: loaded.shop });
  $categories.set(visibleCategories(loaded.categories));
  $products.set(loaded.products);
}

/**
 * A fidelity card typed by the customer: its number, normalized and kept among the asked ones, or
 * null when it fails its check digit (a typo: refused here, before any request).
 */
export function askFidelityCard(typed: string): string | null {
  if (!isPlausibleFidelityCardNumber(typed)) return null;
  const number = normalizeFidelityCardNumber(typed);
  const asked = $configuration.get().askedFidelityCards;
  patch({ askedFidelityCards: asked.includes(number) ? asked : [...asked, number] });
  return number;
}

/** The card as the API answered it (null: none, or not valid); true when it is another card than before. */
export function setFidelityCard(card: CheckedFidelityCard | null): boolean {
  const before = $configuration.get().fidelityCard?.number ?? null;
  patch({ fidelityCard: card });
  return before !== (card?.number ?? null);
}
