// "Stampa scheda noleggio": the order's rental sheet (one page for the workshop and the customer's
// signature), on the cash desk's order and the delivery counter. The button says while it works
// and says a failure next to it.
import { useState } from 'react';
import type { TFunction } from 'i18next';
import type { RentalSheetOutcome } from './stores/rental-sheet';

export default function RentalSheetButton({ t, order }: { t: TFunction; order: { id: number; number: string } }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<Extract<RentalSheetOutcome, { ok: false }>['reason'] | null>(null);
  const print = async () => {
    if (busy) return;
    setBusy(true);
    setFailed(null);
    // Loaded on the first tap: the screen's first scripts carry none of it (its budget).
    const outcome = await import('./stores/rental-sheet').then(
      ({ printRentalSheet }) => printRentalSheet(order),
      (): RentalSheetOutcome => ({ ok: false, reason: 'failed' }),
    );
    if (!outcome.ok) setFailed(outcome.reason);
    setBusy(false);
  };
  const id = `rental-sheet-${order.id}`;
  return (
    <div className="rental-sheet">
      <button type="button" className="button" aria-busy={busy} aria-describedby={id} onClick={() => void print()}>
        {busy ? t('kiosk.handOut.printing') : t('kiosk.handOut.printSheet')}
      </button>
      <p id={id} className={failed ? 'field__error' : 'muted'} role={failed ? 'alert' : undefined}>
        {failed === 'cancelled' ? t('kiosk.handOut.sheetCancelled') : failed ? t('kiosk.handOut.sheetFailed') : t('kiosk.handOut.sheetHelp')}
      </p>
    </div>
  );
}
