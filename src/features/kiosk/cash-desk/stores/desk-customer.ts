// What the cash desk shows of the order's customer besides the order: the identity documents
// (links staff open on the API's host, which may be another origin than the kiosk's pages) and the
// loyalty card with its holder and points (GET v1/orders/{id}/fidelity_card, admin totems of the
// order's shop). CashDeskCustomer renders $deskCustomer and calls showDeskCustomer per order.
import { atom } from 'nanostores';
import type { OrderFidelityCard } from '~/api/contract/fidelity';
import type { OrderResponse } from '~/api/contract/orders';
import { documentHref, fetchOrderFidelityCard } from '~/api/cash-desk';
import { loadApi } from '~/stores/api-loader';

export interface DeskDocument {
  id: number;
  name: string;
  href: string;
  /** An image: the desk shows its thumbnail. */
  image: boolean;
}

export type DeskCard = { state: 'loading' } | { state: 'none' } | { state: 'ready'; card: OrderFidelityCard } | { state: 'failed' };

export interface DeskCustomer {
  documents: DeskDocument[];
  card: DeskCard;
}

const EMPTY: DeskCustomer = { documents: [], card: { state: 'loading' } };

/** The page's instance is below; a test makes its own. */
export function createDeskCustomer() {
  const $deskCustomer = atom<DeskCustomer>(EMPTY);
  /** Bumped by every read: the answer for an order the page has left is dropped. */
  let shown = 0;

  /** Shows `order`'s documents and reads its customer's card. */
  function showDeskCustomer(order: OrderResponse): { stop(): void; loaded: Promise<void> } {
    const mine = ++shown;
    const abort = new AbortController();
    const current = () => mine === shown && !abort.signal.aborted;
    $deskCustomer.set(EMPTY);
    const loaded = loadApi().then(async (api) => {
      const documents = order.medias.map((m) => ({ id: m.id, name: m.name, href: documentHref(api, m.url), image: m.mime.startsWith('image/') }));
      if (current()) $deskCustomer.set({ ...$deskCustomer.get(), documents });
      let card: DeskCard;
      try {
        const found = await fetchOrderFidelityCard(api, order.id, abort.signal);
        card = found ? { state: 'ready', card: found } : { state: 'none' };
      } catch {
        card = { state: 'failed' };
      }
      if (current()) $deskCustomer.set({ ...$deskCustomer.get(), card });
    });
    return { stop: () => abort.abort(), loaded };
  }

  return { $deskCustomer, showDeskCustomer };
}

export const { $deskCustomer, showDeskCustomer } = createDeskCustomer();
