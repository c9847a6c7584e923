// Printing an order's rental sheet from the cash desk's order and the delivery counter: the PDF is
// fetched with the kiosk's token (a link would not carry it) and opened in a new tab, where the
// kiosk's browser prints it; where the tab is refused (a blocked pop-up) it is downloaded instead.
import type { ApiClient } from '~/api/client';
import { ApiClientError } from '~/api/client';
import { fetchRentalSheet } from '~/api/rental-sheet';
import { loadApi } from '~/stores/api-loader';

export type RentalSheetOutcome = { ok: true } | { ok: false; reason: 'cancelled' | 'failed' };

export interface RentalSheetDeps {
  api: () => Promise<ApiClient>;
  /** Shows the PDF to staff (a new tab, or a download). */
  open: (pdf: Blob, fileName: string) => void;
}

/** How long the PDF's address stays valid: the new tab has read it long before. */
const URL_LIFETIME_MS = 60_000;

function openPdf(pdf: Blob, fileName: string): void {
  const url = URL.createObjectURL(pdf);
  if (!window.open(url, '_blank')) {
    const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
    link.click();
  }
  setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS);
}

const pageDeps: RentalSheetDeps = { api: loadApi, open: openPdf };

/** Fetches and opens the rental sheet of `order`; a cancelled order has none (410). */
export async function printRentalSheet(order: { id: number; number: string }, deps: RentalSheetDeps = pageDeps): Promise<RentalSheetOutcome> {
  try {
    const pdf = await fetchRentalSheet(await deps.api(), order.id);
    deps.open(pdf, `scheda-${order.number}.pdf`);
    return { ok: true };
  } catch (err) {
    return { ok: false, reason: err instanceof ApiClientError && err.status === 410 ? 'cancelled' : 'failed' };
  }
}
