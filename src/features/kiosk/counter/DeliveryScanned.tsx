// The units scanned at the delivery counter and not yet confirmed: which line each goes to, an
// extra's price (checked by the spec's quantity and ±20 % rules), the API's refusal of a unit,
// removing one, and Confirm. Render only; stores/delivery.ts acts.
import type { TFunction } from 'i18next';
import type { DeliveryLine, DeliveryScan } from '~/domain/delivery';
import { extraPriceError, removeScan, setExtraPrice } from './stores/delivery';
import { personTitle } from './DeliveryLines';

interface Props {
  t: TFunction;
  scans: DeliveryScan[];
  /** The order's lines; null while the order is not read (a scan then shows what it knows). */
  lines: DeliveryLine[] | null;
  errors: Record<string, string>;
  busy: boolean;
  onConfirm: () => void;
  /** Gives the focus back to the scan field after a button here was used. */
  refocus: () => void;
}

export default function DeliveryScanned({ t, scans, lines, errors, busy, onConfirm, refocus }: Props) {
  if (scans.length === 0) return null;
  const invalid = scans.some((s) => s.lineId === null && extraPriceError(s));
  return (
    <section className="delivery-scanned">
      <h2>{t('kiosk.delivery.scanned.title', { count: scans.length })}</h2>
      <ul className="delivery-scanned__list">
        {scans.map((scan) => {
          const line = lines?.find((l) => l.id === scan.lineId);
          const priceError = scan.lineId === null ? extraPriceError(scan) : null;
          const priceId = `extra-price-${scan.code}`;
          return (
            <li key={scan.code} className={errors[scan.code] ? 'delivery-scanned__item delivery-scanned__item--refused' : 'delivery-scanned__item'}>
              <span className="delivery-scanned__code">{scan.code}</span>
              <span>
                {line
                  ? `${line.productLabel} · ${personTitle(t, line.person, line.personName)}`
                  : scan.lineId !== null
                    ? scan.productLabel || '—'
                    : t('kiosk.delivery.scanned.extra', { product: scan.productLabel || '—' })}
                {!scan.checked && <span className="muted"> · {t('kiosk.delivery.scanned.unchecked')}</span>}
              </span>
              {scan.lineId === null && (
                <span className="field delivery-scanned__price">
                  <label htmlFor={priceId}>{t('kiosk.delivery.scanned.price')}</label>
                  <input
                    id={priceId}
                    inputMode="decimal"
                    autoComplete="off"
                    value={scan.price}
                    onChange={(e) => setExtraPrice(scan.code, e.target.value)}
                    aria-invalid={priceError ? true : undefined}
                    aria-describedby={`${priceId}-error`}
                  />
                  <span id={`${priceId}-error`} className="field__error">
                    {priceError ? t(priceError.key, priceError.params) : ''}
                  </span>
                </span>
              )}
              {errors[scan.code] && (
                <span className="error" role="alert">
                  {errors[scan.code]}
                </span>
              )}
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  removeScan(scan.code);
                  refocus();
                }}
              >
                {t('kiosk.delivery.scanned.remove', { code: scan.code })}
              </button>
            </li>
          );
        })}
      </ul>
      <p className="actions">
        <button type="button" className="button delivery-confirm" onClick={onConfirm} disabled={busy || invalid} aria-busy={busy || undefined}>
          {busy ? t('kiosk.delivery.sending') : t('kiosk.delivery.confirm', { count: scans.length })}
        </button>
      </p>
    </section>
  );
}
