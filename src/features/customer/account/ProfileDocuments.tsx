// The account's stored identity documents (spec §9: at most 2): add one while there is
// room, replace or delete each. Every change answers the user as the server now holds it; a
// refusal (422: size, type, the limit) is shown under the file field it concerns.
import { useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import type { User } from '~/api/contract/user';
import { MAX_STORED_USER_MEDIAS } from '~/domain/medias';
import DocumentFileField from '../shared/DocumentFileField';
import { removeDocument, storeDocument, type DocumentChange } from './stores/profile';
import { notify } from '~/stores/notifications';

const ADD = 'add';

export default function ProfileDocuments({ user, t }: { user: User; t: TFunction }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const docs = user.medias.slice(0, MAX_STORED_USER_MEDIAS);

  /** Runs a change (stores/profile.ts) and says its outcome where it belongs. */
  async function run(key: string, action: () => Promise<DocumentChange>, done: string) {
    setBusy(true);
    setErrors({});
    const outcome = await action();
    setBusy(false);
    if (outcome.kind === 'done') notify(t(done), 'success');
    // Refusals are not announced by the client: they are said here, under the document's field.
    else if (outcome.kind === 'refused') setErrors({ [key]: outcome.message });
    else if (outcome.kind === 'tooLarge') setErrors({ [key]: t('validators.fileSize') });
  }

  function upload(key: string, file: File, replace?: number) {
    void run(key, () => storeDocument(file, replace), replace ? 'account.profile.documentReplaced' : 'account.profile.documentAdded');
  }

  return (
    <section className="profile-section" aria-labelledby="profile-documents-title">
      <h2 id="profile-documents-title" ref={heading} tabIndex={-1}>
        {t('account.profile.documents')}
      </h2>
      <p>{t('account.profile.documentsIntro', { max: MAX_STORED_USER_MEDIAS })}</p>
      {docs.length === 0 && <p>{t('account.profile.noDocuments')}</p>}
      <ul className="documents-list">
        {docs.map((doc, i) => {
          const n = i + 1;
          return (
            <li key={doc.id} data-document={doc.id}>
              <span>
                {t('account.profile.document', { n })}
                {doc.name ? `: ${doc.name}` : ''}
              </span>
              <DocumentFileField
                id={`profile-document-${n}`}
                label={t('account.profile.replaceDocument', { n })}
                error={errors[doc.id]}
                busy={busy}
                onFile={(file) => upload(String(doc.id), file, doc.id)}
              />
              <button
                type="button"
                className="link-button"
                disabled={busy}
                onClick={() =>
                  void run(String(doc.id), () => removeDocument(doc.id), 'account.profile.documentDeleted').then(() => heading.current?.focus())
                }
              >
                {t('account.profile.deleteDocument', { n })}
              </button>
            </li>
          );
        })}
      </ul>
      {docs.length < MAX_STORED_USER_MEDIAS && (
        <DocumentFileField id="profile-document-add" label={t('account.profile.addDocument')} error={errors[ADD]} busy={busy} onFile={(file) => upload(ADD, file)} />
      )}
    </section>
  );
}
