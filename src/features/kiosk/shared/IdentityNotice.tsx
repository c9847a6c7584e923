// What the cash desk and the delivery counter say before anything is handed out when the order has
// no identity document: the customer chose to show it at the desk (id_at_desk), or an order that
// requires one holds none (an order from before the rule). A warning, not a block.
import type { TFunction } from 'i18next';
import { identityNotice } from '~/domain/identity-notice';

export default function IdentityNotice({ t, order }: { t: TFunction; order: { id_at_desk?: boolean; document_missing?: boolean } }) {
  const notice = identityNotice(order);
  if (!notice) return null;
  return (
    <p className="notice identity-notice" role="alert">
      <strong>{notice === 'atDesk' ? t('kiosk.handOut.askDocument') : t('kiosk.handOut.documentMissing')}</strong>
    </p>
  );
}
