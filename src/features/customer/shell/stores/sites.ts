// The shop selector's sites (spec §2), read once per page when a selector first opens and shared
// by every selector on it (the /prenota/ pages show one beside the app bar's). Shaped by the
// domain rule: sites without sports dropped, "label, region".
import { atom } from 'nanostores';
import type { Site } from '~/api/contract/catalogue';
import { fetchSites } from '~/api/sites';
import { locationSites } from '~/domain/catalogue';
import { api } from '~/stores/api';

/** The selectors' sites and the read on its way: the page has one (below), a test makes its own. */
export function createSites() {
  /** null until read (or after a failed read, which opening the selector again retries). */
  const $sites = atom<Site[] | null>(null);
  let reading: Promise<void> | null = null;

  /** Reads the sites unless they are here or on their way. */
  function loadSites(): Promise<void> {
    if ($sites.get()) return Promise.resolve();
    reading ??= fetchSites(api)
      .then((sites) => $sites.set(locationSites(sites)))
      .catch(() => $sites.set(null))
      .finally(() => {
        reading = null;
      });
    return reading;
  }

  return { $sites, loadSites };
}

export const { $sites, loadSites } = createSites();
