// The order's customer at the cash desk beyond the order itself: the loyalty card (holder, points,
// the number's last digits; a number only typed with the order said to be unverified) when there is one, and the identity documents, each opening in a new
// tab (images with a thumbnail). The reads are the store's (stores/desk-customer.ts). Render only.
import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import type { OrderResponse } from '~/api/contract/orders';
import { maskFidelityCardNumber } from '~/domain/fidelity';
import { $deskCustomer, showDeskCustomer } from './stores/desk-customer';

export default function CashDeskCustomer({ t, order }: { t: TFunction; order: OrderResponse }) {
  const { documents, card } = useStore($deskCustomer);
  // Read again when the order or its documents change (a payment's answer is the same order).
  const documentIds = order.medias.map((m) => m.id).join(',');
  useEffect(() => showDeskCustomer(order).stop, [order.id, documentIds]);

  return (
    <>
      {card.state === 'ready' && (
        <section aria-labelledby="desk-fidelity">
          <h3 id="desk-fidelity">{t('kiosk.cashDesk.fidelityCard')}</h3>
          <dl className="kiosk-facts" data-testid="desk-fidelity-card">
            <dt>{t('kiosk.cashDesk.fidelityHolder')}</dt>
            <dd>{card.card.holder_name}</dd>
            <dt>{t('kiosk.cashDesk.fidelityNumber')}</dt>
            <dd>{maskFidelityCardNumber(card.card.number)}</dd>
            <dt>{t('kiosk.cashDesk.fidelityPoints')}</dt>
            <dd>
              {card.card.points}
              {!card.card.active && ` · ${t('kiosk.cashDesk.fidelityInactive')}`}
            </dd>
          </dl>
          {!card.card.verified && <p className="muted">{t('kiosk.cashDesk.fidelityTyped')}</p>}
        </section>
      )}
      {card.state === 'failed' && <p className="muted">{t('kiosk.cashDesk.fidelityFailed')}</p>}
      <section aria-labelledby="desk-documents">
        <h3 id="desk-documents">{t('kiosk.cashDesk.documents')}</h3>
        {documents.length === 0 ? (
          <p>{t('kiosk.cashDesk.noDocuments')}</p>
        ) : (
          <ul className="desk-documents">
            {documents.map((doc) => (
              <li key={doc.id}>
                <a href={doc.href} target="_blank" rel="noopener noreferrer" aria-label={t('kiosk.cashDesk.openDocument', { name: doc.name })}>
                  {doc.image && <img src={doc.href} alt="" width="96" height="96" loading="lazy" />}
                  <span>{doc.name}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
