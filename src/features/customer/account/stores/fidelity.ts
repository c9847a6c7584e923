// The account's loyalty card (spec §4 fidelity card): the card whose number is on the profile, with
// its holder and points as the API holds them. Read again whenever the profile's number changes;
// the answer of a number the profile no longer has is dropped.
import { atom } from 'nanostores';
import type { FidelityCard } from '~/api/contract/fidelity';
import { ApiClientError } from '~/api/client';
import { fetchOwnFidelityCard } from '~/api/profile';
import { api } from '~/stores/api';

export type OwnFidelityCard =
  /** No card number on the profile. */
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'ready'; card: FidelityCard }
  /** The number on the profile is no card of this account (404). */
  | { state: 'unknown' }
  /** No answer, or the lookups are limited for now: the API client's notice said so. */
  | { state: 'failed' };

/** The account's card and its read, made by a factory: no read counter hides at module level. */
function createOwnFidelityCard() {
  const $ownFidelityCard = atom<OwnFidelityCard>({ state: 'none' });
  /** Bumped by every read: only the latest one's answer is shown. */
  let reads = 0;

  /** Reads the card of `number` (the profile's `fidelity_card_number`) into $ownFidelityCard. */
  async function loadOwnFidelityCard(number: string | null | undefined): Promise<OwnFidelityCard> {
    const mine = ++reads;
    const wanted = number?.trim();
    if (!wanted) {
      $ownFidelityCard.set({ state: 'none' });
      return $ownFidelityCard.get();
    }
    $ownFidelityCard.set({ state: 'loading' });
    let shown: OwnFidelityCard;
    try {
      shown = { state: 'ready', card: await fetchOwnFidelityCard(api, wanted) };
    } catch (err) {
      shown = err instanceof ApiClientError && err.status === 404 ? { state: 'unknown' } : { state: 'failed' };
    }
    if (mine === reads) $ownFidelityCard.set(shown);
    return shown;
  }

  return { $ownFidelityCard, loadOwnFidelityCard };
}

export const { $ownFidelityCard, loadOwnFidelityCard } = createOwnFidelityCard();
