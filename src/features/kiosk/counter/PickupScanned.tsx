// The units scanned at the pickup counter and not yet confirmed: their order, the price difference
// of returning them on the chosen day (money back or a surcharge, from the API's diff), a problem
// to note (the unit is locked when back), removing one, and Confirm. Render only.
import { ScrollTable } from '~/components/ui/ScrollTable';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import type { PriceDiff } from '~/api/contract/delivery';
import { diffWording, type PickupScan } from '~/domain/pickup';
import { formatCurrency } from '~/domain/format';
import { sumMoney } from '~/domain/money';
import { removePickupScan, setProblem } from './stores/pickup';

interface Props {
  t: TFunction;
  scans: PickupScan[];
  diffs: Record<string, PriceDiff | 'loading' | 'error'>;
  errors: Record<string, string>;
  busy: boolean;
  onConfirm: () => void;
  refocus: () => void;
}

export function DiffText({ t, diff }: { t: TFunction; diff: number }) {
  const { kind, amount } = diffWording(diff);
  return <span className={`diff diff--${kind}`}>{t(`kiosk.pickup.diff.${kind}`, { amount: formatCurrency(amount) })}</span>;
}

function Problem({ t, scan, refocus }: { t: TFunction; scan: PickupScan; refocus: () => void }) {
  const [open, setOpen] = useState(scan.problem !== null);
  const id = `problem-${scan.code}`;
  if (!open) {
    return (
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          setOpen(true);
          setProblem(scan.code, '');
        }}
      >
        {t('kiosk.pickup.problem.add', { code: scan.code })}
      </button>
    );
  }
  return (
    <span className="field pickup-problem">
      <label htmlFor={id}>{t('kiosk.pickup.problem.label', { code: scan.code })}</label>
      <textarea id={id} rows={2} value={scan.problem ?? ''} onChange={(e) => setProblem(scan.code, e.target.value)} aria-describedby={`${id}-help`} />
      <span id={`${id}-help`} className="muted">
        {t('kiosk.pickup.problem.help')}
      </span>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          setOpen(false);
          setProblem(scan.code, null);
          refocus();
        }}
      >
        {t('kiosk.pickup.problem.remove')}
      </button>
    </span>
  );
}

export default function PickupScanned({ t, scans, diffs, errors, busy, onConfirm, refocus }: Props) {
  if (scans.length === 0) return null;
  const priced = scans.map((s) => diffs[s.code]).filter((d): d is PriceDiff => typeof d === 'object');
  const total = sumMoney(priced.map((d) => d.diff));
  const emptyProblem = scans.some((s) => s.problem !== null && !s.problem.trim());
  return (
    <section className="pickup-scanned">
      <h2>{t('kiosk.pickup.scanned.title', { count: scans.length })}</h2>
      <ScrollTable
        label={t('kiosk.pickup.scanned.title', { count: scans.length })}
        caption={false}
        className="delivery-lines"
        columns={[
          t('kiosk.pickup.table.unit'),
          t('kiosk.pickup.table.product'),
          t('kiosk.pickup.table.order'),
          t('kiosk.pickup.table.diff'),
          t('kiosk.pickup.table.problem'),
          t('kiosk.pickup.table.actions'),
        ]}
      >
        {scans.map((scan) => {
          const diff = diffs[scan.code];
          return (
            <tr key={scan.code} data-code={scan.code}>
              <th scope="row">
                {scan.code}
                {errors[scan.code] && (
                  <span className="error" role="alert">
                    {' '}
                    {errors[scan.code]}
                  </span>
                )}
              </th>
              <td>{scan.productLabel || t('kiosk.pickup.scanned.unchecked')}</td>
              <td>{scan.orderNumber || '—'}</td>
              <td className="pickup-diff">
                {diff === undefined || diff === 'error' ? '—' : diff === 'loading' ? t('kiosk.loading') : <DiffText t={t} diff={diff.diff} />}
              </td>
              <td>
                <Problem t={t} scan={scan} refocus={refocus} />
              </td>
              <td>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => {
                    removePickupScan(scan.code);
                    refocus();
                  }}
                >
                  {t('kiosk.pickup.scanned.remove', { code: scan.code })}
                </button>
              </td>
            </tr>
          );
        })}
      </ScrollTable>
      {priced.length > 0 && (
        <p className="pickup-total">
          {t('kiosk.pickup.total')} <DiffText t={t} diff={total} />
        </p>
      )}
      <p className="actions">
        {emptyProblem && <span className="error">{t('kiosk.pickup.problem.empty')}</span>}
        <button type="button" className="button delivery-confirm" onClick={onConfirm} disabled={busy || emptyProblem} aria-busy={busy || undefined}>
          {busy ? t('kiosk.pickup.sending') : t('kiosk.pickup.confirm', { count: scans.length })}
        </button>
      </p>
    </section>
  );
}
