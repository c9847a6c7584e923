// The inventory (/totem/inventory, admin totems): the shop's units with their state and open
// problems, filtered by product and state and searched by code; the extras (units out without an
// order line); unlocking a locked unit (after a question) and reporting a problem. State and
// requests live in stores/inventory; this island renders and dispatches.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { InventoryItem } from '~/api/contract/inventory';
import { countByStatus, NO_FILTERS } from '~/domain/inventory';
import { useT } from '~/i18n/client';
import { toLocale } from '~/i18n/index';
import { $inventory, loadInventory, setInventoryFilters, unlockInventoryUnit } from './stores/inventory';
import ConfirmDialog from '~/components/ui/ConfirmDialog';
import InventoryFilters from './InventoryFilters';
import { ExtrasTable, UnitsTable } from './InventoryTables';
import { UnitProblemDialog } from './UnitProblem';
import { useTotemGuard } from '../shared/useTotemGuard';
import '../shared/kiosk.css';
import './inventory.css';
import { errorMessage } from '~/api/errors';
import { noticeText } from '~/stores/notifications';

type Outcome = { text: string; ok: boolean } | null;

export default function Inventory({ locale }: { locale: string }) {
  const t = useT(locale);
  const lang = toLocale(locale);
  const allowed = useTotemGuard();
  const view = useStore($inventory);
  const [unlocking, setUnlocking] = useState<InventoryItem | null>(null);
  const [reporting, setReporting] = useState<InventoryItem | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    if (allowed) void loadInventory(NO_FILTERS);
  }, [allowed]);

  if (!allowed) return <p aria-busy="true">{t('kiosk.loading')}</p>;

  async function unlock(unit: InventoryItem) {
    try {
      await unlockInventoryUnit(unit.internal_code);
      setOutcome({ text: t('kiosk.inventory.unlocked', { code: unit.internal_code }), ok: true });
    } catch (err) {
      setOutcome({ text: t('kiosk.inventory.unlockFailed', { code: unit.internal_code, message: noticeText(errorMessage(err), t) }), ok: false });
    }
    // The unlock button is gone from the row: the focus goes to the unit's code, not to the page's top.
    document.getElementById(`unit-${unit.id}`)?.focus();
  }

  const counts = countByStatus(view.units);
  return (
    <div className="inventory">
      <InventoryFilters t={t} filters={view.filters} products={view.products} onChange={(change) => void setInventoryFilters(change)} />
      <p role="status" className={outcome ? (outcome.ok ? 'success' : 'error') : undefined}>
        {outcome?.text}
      </p>
      {view.state === 'loading' ? (
        <p aria-busy="true">{t('kiosk.loading')}</p>
      ) : view.state === 'error' ? (
        <div role="alert">
          <p>{t('kiosk.inventory.error', { message: view.error ? noticeText(view.error, t) : '' })}</p>
          <button type="button" className="button" onClick={() => void loadInventory()}>
            {t('kiosk.inventory.retry')}
          </button>
        </div>
      ) : view.filters.extra ? (
        <>
          <p className="inventory__count">{t('kiosk.inventory.extraCount', { count: view.extras.length })}</p>
          {view.extras.length === 0 ? <p>{t('kiosk.inventory.noExtras')}</p> : <ExtrasTable t={t} lang={lang} extras={view.extras} />}
        </>
      ) : (
        <>
          <p className="inventory__count">{t('kiosk.inventory.count', { count: view.units.length, ...counts })}</p>
          {view.units.length === 0 ? (
            <p>{t('kiosk.inventory.none')}</p>
          ) : (
            <UnitsTable t={t} lang={lang} units={view.units} problems={view.problems} onUnlock={setUnlocking} onReport={setReporting} />
          )}
        </>
      )}
      <ConfirmDialog
        open={unlocking !== null}
        title={unlocking ? t('kiosk.inventory.unlockTitle', { code: unlocking.internal_code }) : ''}
        text={t('kiosk.inventory.unlockText')}
        confirmLabel={t('kiosk.inventory.unlockConfirm')}
        cancelLabel={t('kiosk.inventory.cancel')}
        onConfirm={() => {
          const unit = unlocking;
          setUnlocking(null);
          if (unit) void unlock(unit);
        }}
        onCancel={() => setUnlocking(null)}
      />
      {reporting && (
        <UnitProblemDialog
          t={t}
          unit={reporting}
          onClose={() => setReporting(null)}
          onReported={(text) => setOutcome({ text, ok: true })}
        />
      )}
    </div>
  );
}
