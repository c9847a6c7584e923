// The identity document on a public kiosk: the tablet's back camera first (a large button that
// opens it, `capture="environment"`), the photo shown as taken, to retake or remove; or the
// customer says they will show the document at the cash desk instead, and the order goes without
// one (the desk is told to ask: `id_at_desk`, src/domain/order-documents.ts). The site and the
// staff kiosks keep the plain file picker (./CheckoutDocuments.tsx). The input keeps the
// documents' id, which the checkout focuses when the document is missing.
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $cart, addMedia, removeMedia, setIdAtDesk } from '~/stores/cart';
import { fileFor, forgetFile, keepFile } from './stores/uploads';
import { fileSize } from '~/domain/validators';
import { visibleMedias } from '~/domain/medias';
import { useT } from '~/i18n/client';

export default function CheckoutCamera({ locale, error = null }: { locale: string; error?: string | null }) {
  const t = useT(locale);
  const cart = useStore($cart);
  const [fileError, setFileError] = useState<string | null>(null);
  const photos = visibleMedias(cart.medias);
  const photo = photos.at(-1) ?? null;
  const preview = photo && fileFor(photo.img)?.type.startsWith('image/') ? photo.img : null;

  const remove = () => {
    for (const m of photos) {
      removeMedia(m);
      forgetFile(m.img);
    }
  };
  const take = (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    const ok = fileSize(file);
    if (ok !== true) return setFileError(t(ok.key, ok.params));
    // One photo: a retake replaces the one before.
    remove();
    addMedia({ id: 0, img: keepFile(file), url: file.name, front: true, stored: false, deleted: false });
    setIdAtDesk(false);
  };

  const message = fileError ?? (cart.idAtDesk ? null : error);
  return (
    <fieldset className="id-camera">
      <legend>{t('kiosk.camera.legend')}</legend>
      <p id="checkout-documents-help">{t('kiosk.camera.instruction')}</p>
      {photo && (
        <figure className="id-camera__preview">
          {preview ? <img src={preview} alt={t('kiosk.camera.preview')} /> : <span>{photo.url}</span>}
          <figcaption>
            <button type="button" className="button button--secondary" onClick={remove}>
              {t('kiosk.camera.remove')}
            </button>
          </figcaption>
        </figure>
      )}
      {!cart.idAtDesk && (
        <label className="button id-camera__take">
          {photo ? t('kiosk.camera.retake') : t('kiosk.camera.take')}
          <input
            id="checkout-documents"
            type="file"
            accept="image/*"
            capture="environment"
            aria-required={!cart.idAtDesk}
            aria-invalid={!!message}
            aria-describedby="checkout-documents-help checkout-documents-error"
            onChange={(e) => {
              take(e.target.files?.[0]);
              // The same photo taken again still counts as a change.
              e.target.value = '';
            }}
          />
        </label>
      )}
      <p id="checkout-documents-error" className="field__error">
        {message}
      </p>
      <label className="check">
        <input
          type="checkbox"
          checked={cart.idAtDesk}
          aria-describedby="id-at-desk-help"
          onChange={(e) => {
            if (e.target.checked) remove();
            setIdAtDesk(e.target.checked);
          }}
        />{' '}
        {t('kiosk.camera.atDesk')}
      </label>
      <p id="id-at-desk-help" className="muted">
        {t('kiosk.camera.atDeskHelp')}
      </p>
    </fieldset>
  );
}
