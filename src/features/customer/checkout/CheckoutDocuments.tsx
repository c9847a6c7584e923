// The checkout's documents: identity documents as images or PDF, each checked against the 8 MB
// limit before it is kept (spec §5), with a preview and a remove button.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $cart, addMedia, removeMedia } from '~/stores/cart';
import { fileFor, forgetFile, keepFile } from './stores/uploads';
import { fileSize } from '~/domain/validators';
import { visibleMedias } from '~/domain/medias';
import { useT } from '~/i18n/client';
import '~/components/ui/controls.css';

/**
 * `required`: at least one document is needed (an order placed at a kiosk without
 * data_security_user_optional, domain `documentsRequired`); `error`: the checkout's or the
 * server's message about the documents.
 */
export default function CheckoutDocuments({ locale, required = false, error = null }: { locale: string; required?: boolean; error?: string | null }) {
  const t = useT(locale);
  const cart = useStore($cart);
  const [fileError, setFileError] = useState<string | null>(null);

  const pickFiles = (list: FileList | null) => {
    setFileError(null);
    for (const file of Array.from(list ?? [])) {
      const ok = fileSize(file);
      if (ok !== true) {
        setFileError(t(ok.key, ok.params));
        continue;
      }
      addMedia({ id: 0, img: keepFile(file), url: file.name, front: false, stored: false, deleted: false });
    }
  };

  return (
    <fieldset>
      <legend>{required ? t('checkout.documentsRequired') : t('checkout.documents')}</legend>
      <div className="field">
        <div>
          {/* The picker in the page's language: the files chosen are listed below. */}
          <label className="file-pick">
            {t('checkout.addDocument')}
            <input
              id="checkout-documents"
              type="file"
              accept="image/*,application/pdf"
              multiple
              aria-required={required}
              aria-invalid={!!(fileError ?? error)}
              aria-describedby="checkout-documents-help checkout-documents-error"
              onChange={(e) => {
                pickFiles(e.target.files);
                // Kept in the list: the same file chosen again after its removal still counts.
                e.target.value = '';
              }}
            />
          </label>
        </div>
        <p id="checkout-documents-help" className="muted">{t('checkout.documentsHelp')}</p>
        <p id="checkout-documents-error" className="field__error">{fileError ?? error}</p>
      </div>
      <ul className="documents">
        {visibleMedias(cart.medias).map((m, i) => {
          const file = fileFor(m.img);
          const name = file?.name ?? m.url ?? `#${m.id}`;
          return (
            <li key={`${m.id}-${m.img}-${i}`}>
              {file?.type.startsWith('image/') && m.img ? <img src={m.img} alt="" width="64" height="64" /> : null}
              <span>{name}</span>
              <button type="button" className="link-button" onClick={() => { removeMedia(m); forgetFile(m.img); }}>
                {t('checkout.removeDocument', { name })}
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
