// What staff may do about a scan refused at the delivery counter: give a unit of another product
// for a line on purpose ("force", with a reason), or hand a unit out as an extra when no line is
// left for it. Render only; stores/delivery.ts records the choice.
import { useState } from 'react';
import type { TFunction } from 'i18next';
import type { DeliveryLine } from '~/domain/delivery';
import { addExtra, forceScan } from './stores/delivery';
import type { ScanFeedback } from '../shared/stores/scan-feedback';
import { personTitle } from './DeliveryLines';

interface Props {
  t: TFunction;
  feedback: ScanFeedback;
  freeLines: DeliveryLine[];
  refocus: () => void;
}

export default function DeliveryOffer({ t, feedback, freeLines, refocus }: Props) {
  const [lineId, setLineId] = useState<number>(freeLines[0]?.id ?? 0);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const unit = feedback.unit;
  if (!unit || !feedback.offer) return null;
  if (feedback.offer === 'extra') {
    return (
      <p className="delivery-offer">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            addExtra(feedback.code, unit);
            refocus();
          }}
        >
          {t('kiosk.delivery.addExtra', { code: feedback.code })}
        </button>
      </p>
    );
  }
  return (
    <fieldset className="delivery-offer">
      <legend>{t('kiosk.delivery.force.title', { code: feedback.code, product: unit.productLabel })}</legend>
      <div className="field">
        <label htmlFor="force-line">{t('kiosk.delivery.force.line')}</label>
        <select id="force-line" value={lineId} onChange={(e) => setLineId(Number(e.target.value))}>
          {freeLines.map((l) => (
            <option key={l.id} value={l.id}>
              {l.productLabel} · {personTitle(t, l.person, l.personName)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="force-reason">{t('kiosk.delivery.force.reason')}</label>
        <input id="force-reason" autoComplete="off" value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby="force-reason-error" />
        <span id="force-reason-error" className="field__error">
          {error ?? ''}
        </span>
      </div>
      <button
        type="button"
        className="button button--danger"
        onClick={() => {
          const refused = forceScan(feedback.code, lineId, reason, unit);
          if (refused) setError(t(refused.key, refused.params));
          else refocus();
        }}
      >
        {t('kiosk.delivery.force.submit', { code: feedback.code })}
      </button>
    </fieldset>
  );
}
