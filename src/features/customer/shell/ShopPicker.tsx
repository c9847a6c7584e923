// `/prenota/` (and its calendar and order steps) without a stored shop: the shop selector, open at
// once; closed, a button opens it again. Choosing a shop goes to its booking page.
import { useState } from 'react';
import { useT } from '~/i18n/client';
import ShopSelector from './ShopSelector';

export default function ShopPicker({ locale }: { locale: string }) {
  const t = useT(locale);
  const [open, setOpen] = useState(true);
  return (
    <>
      {!open && (
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {t('selector.shop')}
        </button>
      )}
      <ShopSelector locale={locale} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
