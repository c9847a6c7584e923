// The order page's document uploads, while the order can change: a file replaces one of its
// documents or adds one more, without going through the edit flow. The uploads are the store's
// (stores/order-documents.ts); a file the server could not store yet stays chosen, with its reason
// under the field and a button that sends it again. Loaded on demand by OrderView. The words are
// the account's documents' (the same fields), so the page's first messages grow by little.
import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import type { OrderResponse } from '~/api/contract/orders';
import { $orderDocuments, resetOrderDocuments, retryOrderDocument, storeOrderDocument, type DocumentOutcome, type DocumentTarget } from './stores/order-documents';
import { notify } from '~/stores/notifications';
import DocumentFileField from '../shared/DocumentFileField';

function problemText(t: TFunction, outcome: DocumentOutcome): string {
  switch (outcome.kind) {
    case 'tooLarge':
      return t('validators.fileSize');
    case 'refused':
      return outcome.message;
    case 'unavailable':
      return outcome.message ?? t('errors.network');
    case 'oldKept':
      // Why the old one could not be deleted (the order changed meanwhile…): both stay, listed.
      return outcome.message ?? t('errors.network');
    default:
      return '';
  }
}

export default function OrderDocumentUploads({ t, order }: { t: TFunction; order: OrderResponse }) {
  const { busy, pending, problem } = useStore($orderDocuments);
  useEffect(() => resetOrderDocuments, [order.uuid]);

  const errorFor = (target: DocumentTarget) => (problem?.target === target ? problemText(t, problem.outcome) : null);
  const announce = (outcome: DocumentOutcome | null) => {
    if (outcome?.kind === 'added') notify(t('account.profile.documentAdded'), 'success');
    else if (outcome?.kind === 'replaced') notify(t('account.profile.documentReplaced'), 'success');
  };
  const send = (file: File, target: DocumentTarget) => void storeOrderDocument(file, target).then(announce);
  const field = (id: string, label: string, target: DocumentTarget, key?: string) => (
    <div key={key ?? id}>
      <DocumentFileField id={id} label={label} keep error={errorFor(target)} busy={busy} onFile={(file) => send(file, target)} />
      {pending?.target === target && (
        <button type="button" className="button" disabled={busy} onClick={() => void retryOrderDocument().then(announce)}>
          {t('order.documentRetry', { name: pending.file.name })}
        </button>
      )}
    </div>
  );

  return (
    <div aria-busy={busy}>
      {order.medias.map((m, i) => field(`order-document-${m.id}`, t('account.profile.replaceDocument', { n: i + 1 }), m.id))}
      {/* Keyed by the count: a stored document empties the field for the next one. */}
      {field('order-document-add', t('account.profile.addDocument'), 'add', `add-${order.medias.length}`)}
      <p className="muted">{t('checkout.documentsHelp')}</p>
    </div>
  );
}
