// Closing the cashier at the end of the day (type-30 totems): the button, and the panel
// (CashierClosePanel.tsx: the question, the terminal's and the API's totals, a retry) with its store
// and the terminal's code, loaded on the first tap or at once when the kiosk's storage holds a close
// under way or its last result (stores/cashier.ts keeps it across a reload). Nothing of it is needed
// to search orders, which is what the cash desk opens on.
import { Suspense, useState } from 'react';
import type { TFunction } from 'i18next';
import { CASHIER_CLOSE_KEY } from '../shared/stores/storage-keys';
import LazyDialog, { lazyDialog } from '~/components/ui/LazyDialog';
import { notify } from '~/stores/notifications';

// A panel that could not be fetched leaves the button and says why (LazyDialog.tsx); a tap tries again.
const CashierClosePanel = lazyDialog(() => import('./CashierClosePanel'));

/** What stores/cashier.ts holds with no close: nothing written yet, or the idle step. */
const IDLE = [null, JSON.stringify({ step: 'idle' })];

function storedClose(): boolean {
  try {
    return !IDLE.includes(localStorage.getItem(CASHIER_CLOSE_KEY));
  } catch {
    return false;
  }
}

export default function CashierClose({ t }: { t: TFunction }) {
  // null: not loaded; false: loaded for a stored close; true: loaded by a tap (asks at once).
  const [opened, setOpened] = useState<boolean | null>(() => (storedClose() ? false : null));
  const button = (onClick?: () => void) => (
    <p className="actions">
      <button type="button" className="button button--secondary" disabled={!onClick} onClick={onClick}>
        {t('kiosk.cashier.close')}
      </button>
    </p>
  );
  const failed = () => {
    setOpened(null);
    notify(t('errors.network'), 'error');
  };
  return (
    <>
      {opened === null && (
        <section className="cashier" aria-labelledby="cashier-title">
          <h2 id="cashier-title" className="visually-hidden">
            {t('kiosk.cashier.close')}
          </h2>
          {button(() => setOpened(true))}
        </section>
      )}
      {/* Mounted for good, so that a tap after a failed fetch fetches again (LazyDialog.tsx). */}
      <LazyDialog open={opened !== null} onFailed={failed}>
        {opened !== null && (
          <Suspense fallback={button()}>
            <CashierClosePanel t={t} ask={opened} />
          </Suspense>
        )}
      </LazyDialog>
    </>
  );
}
