// "Pay now" for an order: asks the API for a payment session and hands the customer over to the
// payment provider's page, which brings them back to the order page with the outcome. Its payment
// code (the session request, its schema and the return address's check) is fetched on the tap: the
// order page's first paint shows the button only, and most orders are paid or never paid online.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { OrderResponse } from '~/api/contract/orders';
import { $configuration } from '~/stores/configuration';
import { notify } from '~/stores/notifications';
import { canPayOnline } from '~/domain/payments';
import { formatCurrency } from '~/domain/format';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';

const loadPayments = () => import('./stores/payments');

export default function PayButton({ locale, order, onRefused }: { locale: string; order: OrderResponse; onRefused?: () => void }) {
  const t = useT(locale);
  const kiosk = useStore($configuration).totem != null;
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    // Back from the provider's page, a browser may show this page from its back/forward cache,
    // with the button still busy: make it usable again.
    const restored = (event: PageTransitionEvent) => event.persisted && setBusy(false);
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);
  if (!canPayOnline(order, kiosk)) return null;

  const pay = async () => {
    setBusy(true);
    // Vite answers undefined for a chunk the page's guard took (scripts/page-transitions.ts).
    const payments = await loadPayments().catch(() => undefined);
    if (!payments) {
      setBusy(false);
      return notify(t('errors.network'), 'error');
    }
    const start = await payments.payForOrder(order.uuid, localizePath(toLocale(locale), `/orders/${order.uuid}`), location.href);
    if (start.kind === 'redirect') return location.assign(start.url);
    setBusy(false);
    if (start.kind === 'unavailable') notify(t('order.paymentUnavailable'), 'error');
    // A refusal (paid meanwhile, cancelled…): say why and show the order as it is now. Other
    // failures were already announced by the client.
    else if (start.kind === 'refused') {
      notify(start.message, 'warning');
      onRefused?.();
    }
  };

  return (
    <button type="button" className="button" onClick={pay} disabled={busy} aria-busy={busy}>
      {busy ? t('order.paying') : t('order.pay', { amount: formatCurrency(order.total_amount) })}
    </button>
  );
}
