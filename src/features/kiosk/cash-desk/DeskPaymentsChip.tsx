// On every kiosk page (TotemLayout): the card payments this kiosk has in flight
// (DeskPaymentsInFlight.tsx). Most kiosk pages have none, so the chip, its store and the payments'
// storage schema load only when there is one to show: when the kiosk's storage holds a payment at
// start, or once one is written, by another tab (the storage event) or by this one (the cash desk's
// store says so, DESK_PAYMENTS_CHANGED_EVENT).
import { useEffect, useState } from 'react';
import { DESK_PAYMENTS_CHANGED_EVENT, DESK_PAYMENTS_KEY } from '../shared/stores/storage-keys';
import LazyDialog, { lazyDialog } from '~/components/ui/LazyDialog';

// A chip that could not be fetched stays away (LazyDialog.tsx): the cash desk still shows each payment.
const DeskPaymentsInFlight = lazyDialog(() => import('./DeskPaymentsInFlight'));

/** What stores/desk-payments.ts writes when none is in flight; anything else (garbage included) is read by the chip. */
const NONE = '{}';
const holdsPayments = (raw: string | null) => raw !== null && raw !== NONE;

function storedPayments(): boolean {
  try {
    return holdsPayments(localStorage.getItem(DESK_PAYMENTS_KEY));
  } catch {
    return false;
  }
}

export default function DeskPaymentsChip({ locale }: { locale: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (storedPayments()) return setShown(true);
    const fromOtherTab = (event: StorageEvent) => {
      if (event.key === DESK_PAYMENTS_KEY && holdsPayments(event.newValue)) setShown(true);
    };
    const fromThisTab = () => setShown(true);
    addEventListener('storage', fromOtherTab);
    addEventListener(DESK_PAYMENTS_CHANGED_EVENT, fromThisTab);
    return () => {
      removeEventListener('storage', fromOtherTab);
      removeEventListener(DESK_PAYMENTS_CHANGED_EVENT, fromThisTab);
    };
  }, []);
  return (
    <LazyDialog open={shown} onFailed={() => setShown(false)}>
      {shown && <DeskPaymentsInFlight locale={locale} />}
    </LazyDialog>
  );
}
