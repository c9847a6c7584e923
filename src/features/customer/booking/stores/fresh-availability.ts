// Fresh availability on a shop's booking page: the counts of GET v1/shops/{id}/
// availabilities are read again before they turn AVAILABILITY_MAX_AGE_MS old while the page is
// visible, when the tab comes back, and just before a product goes into the cart. A re-read that
// finds a product's last free unit taken by someone else marks it ($takenMeanwhile) and says so
// (a warning: the snackbar announces it politely); adding such a product is refused with the same
// notice, so the customer learns it here and not at checkout. Timers: src/api/freshness.ts.
import { atom } from 'nanostores';
import type { CartProduct } from '~/api/contract/cart';
import { AVAILABILITY_FRESHNESS, browserFreshnessEnv, keepFresh, type FreshnessEnv, type FreshWatch } from '~/api/freshness';
import { fetchAvailabilities } from '~/api/shops';
import { availableCount } from '~/domain/cart';
import { takenMeanwhile } from '~/domain/freshness';
import { addProduct, $cart } from '~/stores/cart';
import { $availabilities, $configuration, $products, bookingParams } from '~/stores/configuration';
import { notify } from '~/stores/notifications';
import { loadApi } from '~/stores/api-loader';

/** `full`: the cart already holds as many of it as one order may (MAX_UNITS_PER_PRODUCT). */
export type AddOutcome = 'added' | 'soldOut' | 'full';

/** The products an item takes from the shop: itself and its chosen add-ons. */
const unitsOf = (item: Pick<CartProduct, 'id' | 'related'>) => [item.id, ...item.related.filter((r) => r.used).map((r) => r.id)];

/** Says which products someone else has just taken (the snackbar says it in the page's language). */
function announceTaken(ids: readonly number[]): void {
  if (ids.length === 0) return;
  const products = $products.get();
  // An add-on is a product of the shop too, but it may only be listed under the product it goes with.
  const labelOf = (id: number) => products.find((p) => p.id === id)?.label ?? products.flatMap((p) => p.related).find((r) => r.id === id)?.label ?? String(id);
  const labels = ids.map(labelOf);
  notify({ key: 'booking.takenMeanwhile', params: { count: labels.length, products: labels.join(', ') } }, 'warning');
}

/** The open page's watch of its shop's counts; the page has one (below), a test makes its own. */
export function createShopAvailability() {
  /** Products of the open page that a re-read found taken by someone else (while still sold out). */
  const $takenMeanwhile = atom<readonly number[]>([]);
  /** What the counts in $availabilities were read for (shop and query); a change starts afresh. */
  let readFor: string | null = null;
  let watch: FreshWatch | null = null;

  /**
   * One read of the current shop's counts; returns the products it found newly taken. Only a re-read
   * for the same shop and dates compares: other dates' counts say nothing about these.
   */
  async function readCounts(signal?: AbortSignal): Promise<number[]> {
    const shop = $configuration.get().shop;
    if (!shop) return [];
    const query = bookingParams();
    const key = JSON.stringify([shop.id, query]);
    // A first read reports its failure like any page load; a background re-read stays quiet (the
    // counts on screen stay, the next try comes soon).
    const again = key === readFor;
    const availabilities = await fetchAvailabilities(await loadApi(), shop.id, query, { signal, background: again });
    if (signal?.aborted) return [];
    const taken = again ? takenMeanwhile($availabilities.get(), availabilities, $cart.get().products) : [];
    $availabilities.set(availabilities);
    const stillOut = (id: number) => availableCount(id, availabilities, $cart.get().products) <= 0;
    $takenMeanwhile.set(again ? [...new Set([...$takenMeanwhile.get(), ...taken])].filter(stillOut) : []);
    readFor = key;
    return taken;
  }

  /**
   * Reads the current shop's availability (shop and dates already in $configuration) and keeps it
   * fresh until stop(). `first` resolves true once the counts are in, false if they could not be read.
   */
  function watchShopAvailability(env: FreshnessEnv = browserFreshnessEnv()): FreshWatch {
    watch?.stop();
    const current = keepFresh((signal) => readCounts(signal).then(announceTaken), env, AVAILABILITY_FRESHNESS);
    watch = current;
    return {
      ...current,
      stop() {
        current.stop();
        if (watch === current) watch = null;
      },
    };
  }

  /**
   * Whether a re-read made now still leaves the item (and its chosen add-ons) a free unit; if not,
   * marks it taken and says so. When the re-read gets no answer it counts as still there: the counts
   * on screen are the best known, and the server checks again when the order is sent.
   */
  async function ensureStillAvailable(item: Pick<CartProduct, 'id' | 'related'>): Promise<boolean> {
    if (watch) await watch.refresh();
    else await readCounts().then(announceTaken, () => undefined);
    const cart = $cart.get().products;
    const units = unitsOf(item);
    const out = [...new Set(units)].filter((id) => availableCount(id, $availabilities.get(), cart) < units.filter((x) => x === id).length);
    if (out.length === 0) return true;
    // The re-read has announced what it found newly taken; a product it did not (already out in
    // counts the page had not shown yet) is announced here.
    const unannounced = out.filter((id) => !$takenMeanwhile.get().includes(id));
    $takenMeanwhile.set([...new Set([...$takenMeanwhile.get(), ...out])]);
    announceTaken(unannounced);
    return false;
  }

  /** Adds the item to the cart only if a re-read made just before still leaves it a unit. */
  async function addIfStillAvailable(item: CartProduct): Promise<AddOutcome> {
    if (!(await ensureStillAvailable(item))) return 'soldOut';
    // The cart may have changed during the re-read (a double tap): the cap is decided by the cart now.
    return addProduct(item) ? 'added' : 'full';
  }

  /** Leaving the page (or its shop and dates): no timer survives it. */
  function stopShopAvailability(): void {
    watch?.stop();
    watch = null;
  }

  return { $takenMeanwhile, watchShopAvailability, ensureStillAvailable, addIfStillAvailable, stopShopAvailability };
}

export const { $takenMeanwhile, watchShopAvailability, ensureStillAvailable, addIfStillAvailable } = createShopAvailability();
