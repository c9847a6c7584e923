// The products pages (/totem/products and /totem/products/{internal_code}, one static shell:
// server/static.ts serves it for every unit's address): guarded for admin totems, then the code
// lookup, and under it the unit the address names.
import { useT } from '~/i18n/client';
import { splitLocale, toLocale } from '~/i18n/index';
import { productUnitCode } from '~/domain/inventory';
import ProductLookup from './ProductLookup';
import ProductUnit from './ProductUnit';
import { useTotemGuard } from '../shared/useTotemGuard';
import '../shared/kiosk.css';
import './inventory.css';

export default function Products({ locale }: { locale: string }) {
  const allowed = useTotemGuard();
  const t = useT(locale);
  const lang = toLocale(locale);
  if (!allowed) return <p aria-busy="true">{t('kiosk.loading')}</p>;
  const code = productUnitCode(splitLocale(location.pathname).path);
  return (
    <div className="product-pages">
      <ProductLookup t={t} lang={lang} autoFocus={!code} />
      {code && <ProductUnit t={t} lang={lang} code={code} />}
    </div>
  );
}
