// The cash desk (/totem/cash-desk and /totem/cash-desk/{uuid}, one static shell: server/static.ts
// serves the shell for every order's address): guarded for admin totems, then the order list or
// one order. Each view is a chunk of its own, fetched by the address that shows it: the list does
// not load the order's payment, customer and change code, nor an order the search
// (tests/site/script-budget.test.ts measures each view with the shell).
import { lazy, Suspense } from 'react';
import { useT } from '~/i18n/client';
import { splitLocale } from '~/i18n/index';
import { cashDeskOrderUuid } from '~/domain/desk-orders';
import { useTotemGuard } from '../shared/useTotemGuard';
import '../shared/kiosk.css';

const CashDeskSearch = lazy(() => import('./CashDeskSearch'));
const CashDeskOrder = lazy(() => import('./CashDeskOrder'));

export default function CashDesk({ locale }: { locale: string }) {
  const allowed = useTotemGuard();
  const t = useT(locale);
  const loading = <p aria-busy="true">{t('kiosk.loading')}</p>;
  if (!allowed) return loading;
  const uuid = cashDeskOrderUuid(splitLocale(location.pathname).path);
  return <Suspense fallback={loading}>{uuid ? <CashDeskOrder locale={locale} uuid={uuid} /> : <CashDeskSearch locale={locale} />}</Suspense>;
}
