// The inventory's tables: the shop's units (code linking to the unit's page, product
// and model, state in words, the order it is out for or its open problems, unlock and report), and
// the extras (units out without an order line). Wide tables scroll inside a focusable region on a
// portrait screen instead of pushing the page sideways.
import { ScrollTable } from '~/components/ui/ScrollTable';
import type { TFunction } from 'i18next';
import type { InventoryItem } from '~/api/contract/inventory';
import type { UnitProblem } from '~/api/inventory';
import { dayToDisplay } from '~/domain/dates';
import { formatCurrency, formatDateTime } from '~/domain/format';
import { cashDeskOrderPath, productUnitPath, unitStatusKey } from '~/domain/inventory';
import { localizePath, type Locale } from '~/i18n/index';
import type { ExtraRow } from './stores/inventory';

/** "Oggi", "Domani" in the page's language for dates and times. */
export const dayLabels = (t: TFunction) => ({ today: t('dates.today'), tomorrow: t('dates.tomorrow') });

interface UnitsProps {
  t: TFunction;
  lang: Locale;
  units: readonly InventoryItem[];
  problems: Record<number, UnitProblem[]>;
  onUnlock: (unit: InventoryItem) => void;
  onReport: (unit: InventoryItem) => void;
}

export function UnitsTable({ t, lang, units, problems, onUnlock, onReport }: UnitsProps) {
  return (
    <ScrollTable
      label={t('kiosk.inventory.results')}
      className="orders inventory-table"
      columns={[t('kiosk.inventory.code'), t('kiosk.inventory.model'), t('kiosk.inventory.state'), t('kiosk.inventory.details'), t('kiosk.inventory.actions')]}
    >
      {units.map((unit) => (
        <tr key={unit.id} data-unit={unit.internal_code}>
          <th scope="row">
            <a id={`unit-${unit.id}`} className="inventory-table__code" href={localizePath(lang, productUnitPath(unit.internal_code))}>
              {unit.internal_code}
            </a>
          </th>
          <td>
            {unit.product.label}
            <br />
            <span className="muted">
              {unit.product_model}
              {unit.size ? ` · ${t('kiosk.inventory.size', { size: unit.size })}` : ''}
            </span>
          </td>
          <td>
            <span className={`unit-state unit-state--${unit.status}`}>{t(unitStatusKey(unit.status))}</span>
            {unit.out?.overdue && <span className="unit-state unit-state--overdue">{t('kiosk.inventory.overdue')}</span>}
          </td>
          <td>
            {unit.out && (
              <p className="inventory-table__order">
                <a href={localizePath(lang, cashDeskOrderPath(unit.out))}>{t('kiosk.inventory.outFor', { number: unit.out.order_number })}</a>{' '}
                <span className="muted">{t('kiosk.inventory.until', { date: dayToDisplay(unit.out.date_to) })}</span>
              </p>
            )}
            <ProblemList t={t} problems={problems[unit.id] ?? []} />
          </td>
          <td>
            <div className="inventory-table__actions">
              {unit.locked && (
                <button type="button" className="button button--danger" onClick={() => onUnlock(unit)}>
                  {t('kiosk.inventory.unlock')}
                  <span className="visually-hidden"> {unit.internal_code}</span>
                </button>
              )}
              <button type="button" className="button button--secondary" onClick={() => onReport(unit)}>
                {t('kiosk.inventory.report')}
                <span className="visually-hidden"> {unit.internal_code}</span>
              </button>
            </div>
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}

function ProblemList({ t, problems }: { t: TFunction; problems: readonly UnitProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="unit-problems" aria-label={t('kiosk.inventory.openProblems')}>
      {problems.map((p) => (
        <li key={p.id}>
          {p.description} <span className="muted">({formatDateTime(p.created_at, new Date(), dayLabels(t))})</span>
        </li>
      ))}
    </ul>
  );
}

interface ExtrasProps {
  t: TFunction;
  lang: Locale;
  extras: readonly ExtraRow[];
}

export function ExtrasTable({ t, lang, extras }: ExtrasProps) {
  return (
    <ScrollTable
      label={t('kiosk.inventory.extrasResults')}
      className="orders inventory-table"
      columns={[
        t('kiosk.inventory.code'),
        t('kiosk.products.model'),
        t('kiosk.products.order'),
        t('kiosk.inventory.handedOut'),
        t('kiosk.inventory.forced'),
        t('kiosk.inventory.price'),
      ]}
    >
      {extras.map((extra) => (
        <tr key={extra.delivery.id} data-unit={extra.internal_code}>
          <th scope="row">
            <a className="inventory-table__code" href={localizePath(lang, productUnitPath(extra.internal_code))}>
              {extra.internal_code}
            </a>
          </th>
          <td>{extra.product_model}</td>
          <td>
            <a href={localizePath(lang, cashDeskOrderPath(extra))}>
              {extra.order_number ? t('kiosk.inventory.outFor', { number: extra.order_number }) : t('kiosk.inventory.orderId', { id: extra.order_id })}
            </a>
          </td>
          <td>{extra.delivery.date ? formatDateTime(extra.delivery.date, new Date(), dayLabels(t)) : ''}</td>
          <td>{extra.delivery.forced ? t('kiosk.inventory.yes') : t('kiosk.inventory.no')}</td>
          <td>{extra.price !== null ? formatCurrency(extra.price) : ''}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}
