// The size step of "who is it for" (CustomerDialog.tsx): the free units of each size of the product
// for the chosen dates, read from the API when the dialog opens for a product that comes in sizes,
// less what the cart already holds of it (src/domain/sizes.ts sizesLeft). Only the dialog's chunk
// loads this module, so the booking page's first load carries none of it.
import { atom } from 'nanostores';
import { fetchAvailableSizes } from '~/api/product-sizes';
import { sizesLeft, type SizeAvailability } from '~/domain/sizes';
import { $cart } from '~/stores/cart';
import { bookingParams } from '~/stores/configuration';
import { loadApi } from '~/stores/api-loader';

export type SizesState =
  | { status: 'idle' }
  | { status: 'loading'; productId: number }
  | { status: 'ready'; productId: number; sizes: SizeAvailability[] }
  | { status: 'error'; productId: number };

/** The size step's state and actions, made by a factory: no read counter hides at module level. */
function createSizes() {
  const $sizes = atom<SizesState>({ status: 'idle' });
  /** Each read is numbered: the answer of an earlier one (another product, a closed dialog) is dropped. */
  let reading = 0;

  /** Reads the product's sizes for the dates in $configuration; `$sizes` says how it went. */
  async function loadSizes(productId: number): Promise<void> {
    const ticket = ++reading;
    $sizes.set({ status: 'loading', productId });
    try {
      const data = await fetchAvailableSizes(await loadApi(), productId, bookingParams());
      if (ticket !== reading) return;
      $sizes.set({ status: 'ready', productId, sizes: sizesLeft(data.sizes, productId, data.available, $cart.get().products) });
    } catch {
      if (ticket === reading) $sizes.set({ status: 'error', productId });
    }
  }

  /** The dialog closed: a read still on its way is forgotten. */
  function resetSizes(): void {
    reading++;
    $sizes.set({ status: 'idle' });
  }

  return { $sizes, loadSizes, resetSizes };
}

export const { $sizes, loadSizes, resetSizes } = createSizes();
