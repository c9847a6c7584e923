// The shop selector's sites (spec §2), read once per page when a selector first opens and shared
// by every selector on it (the /prenota/ pages show one beside the app bar's). Shaped by the
// domain rule: sites without sports dropped, "label, region".
import { atom } from 'nanostores';
import type { Site } from '../../../../api/contract/catalogue';
import { fetchSites } from '../../../../api/sites';
import { locationSites } from '../../../../domain/catalogue';

/** null until read (or after a failed read, which opening the selector again retries). */
export const $sites = atom<Site[] | null>(null);

let reading: Promise<void> | null = null;

/** Reads the sites unless they are here or on their way. */
export function loadSites(): Promise<void> {
  if ($sites.get()) return Promise.resolve();
  reading ??= fetchSites()
    .then((sites) => $sites.set(locationSites(sites)))
    .catch(() => $sites.set(null))
    .finally(() => {
      reading = null;
    });
  return reading;
}
