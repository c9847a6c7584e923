// The cash desk (/totem/cash-desk and /totem/cash-desk/{uuid}, one static shell: server/static.ts
// serves the shell for every order's address): guarded for admin totems, then the order list or
// one order.
import { useT } from '../../../i18n/client';
import { splitLocale } from '../../../i18n/index';
import { cashDeskOrderUuid } from '../../../domain/desk-orders';
import CashDeskSearch from './CashDeskSearch';
import CashDeskOrder from './CashDeskOrder';
import { useTotemGuard } from '../shared/useTotemGuard';
import '../shared/kiosk.css';

export default function CashDesk({ locale }: { locale: string }) {
  const allowed = useTotemGuard();
  const t = useT(locale);
  if (!allowed) return <p aria-busy="true">{t('kiosk.loading')}</p>;
  const uuid = cashDeskOrderUuid(splitLocale(location.pathname).path);
  return uuid ? <CashDeskOrder locale={locale} uuid={uuid} /> : <CashDeskSearch locale={locale} />;
}
