// The card payments this kiosk has in flight — a charge in doubt, one waiting to be recorded, a
// receipt to print again, money to give back — counted, each linked to its order, so staff do not
// forget one while they work elsewhere (shown by DeskPaymentsChip on every kiosk page). Opening any
// kiosk page with one also resumes them (stores/cash-desk.ts): recording goes on, claims are kept,
// reloads are judged.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $deskPayments } from './stores/desk-payments';
import { TotemPages } from '~/domain/kiosk';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';
import { useHydrated } from '~/components/ui/useHydrated';
import '~/components/ui/controls.css';
import '../shared/kiosk.css';

export default function DeskPaymentsInFlight({ locale }: { locale: string }) {
  const t = useT(locale);
  const lang = toLocale(locale);
  const hydrated = useHydrated();
  const payments = Object.values(useStore($deskPayments));
  const pending = payments.length > 0;
  useEffect(() => {
    // The driving code loads only when there is a payment to resume (most kiosk pages have none).
    if (pending) void import('./stores/cash-desk').then(({ resumeDeskPayments }) => resumeDeskPayments());
  }, [pending]);
  if (!hydrated || payments.length === 0) return null;
  return (
    <div className="notice desk-payments-chip" role="status" aria-label={t('kiosk.pay.inFlightList')} data-testid="desk-payments-in-flight">
      <strong>{t('kiosk.pay.inFlight', { count: payments.length })}</strong>{' '}
      {payments.map((p) => (
        <a key={p.uuid} className="chip" href={localizePath(lang, `${TotemPages.CASH_DESK}/${p.uuid}`)}>
          {p.number}
        </a>
      ))}
    </div>
  );
}
