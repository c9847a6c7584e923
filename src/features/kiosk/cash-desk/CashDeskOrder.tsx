// The cash desk's page of one order (/totem/cash-desk/{uuid}, admin totems): the order as the
// desk reads it with its customer's loyalty card and documents, the payment controls on a type-30
// cash desk (a type 20 sees no payment control), sending it to the board's queue, and the changes
// staff may still make.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $configuration } from '~/stores/configuration';
import { $deskPayments } from './stores/desk-payments';
import { $deskOrder, reloadDeskOrder, setDeskOrder, showDeskOrder } from './stores/desk-order';
import { totemRole, TotemPages } from '~/domain/kiosk';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';
import CashDeskOrderDetails from './CashDeskOrderDetails';
import CashDeskCustomer from './CashDeskCustomer';
import DeskPaymentPanel from './DeskPaymentPanel';
import CashDeskChanges from './CashDeskChanges';
import PushInQueueButton from '../shared/PushInQueueButton';
import IdentityNotice from '../shared/IdentityNotice';
import RentalSheetButton from '../shared/RentalSheetButton';
import '../shared/kiosk.css';

/** Stable: the payment panel re-reads from an effect that depends on it. */
const reload = () => void reloadDeskOrder();

export default function CashDeskOrder({ locale, uuid }: { locale: string; uuid: string }) {
  const t = useT(locale);
  const lang = toLocale(locale);
  const totem = useStore($configuration).totem;
  const { order, state } = useStore($deskOrder);

  useEffect(() => {
    // The reading is the store's (stores/desk-order.ts).
    const watch = showDeskOrder(uuid);
    // A payment left in flight by a reload or an outage goes on (or asks staff) here; the code that
    // drives payments loads only when there is one (as in DeskPaymentsInFlight).
    if (Object.keys($deskPayments.get()).length > 0) void import('./stores/cash-desk').then(({ resumeDeskPayments }) => resumeDeskPayments());
    return watch.stop;
  }, [uuid]);

  const back = (
    <p>
      <a className="button" href={localizePath(lang, TotemPages.CASH_DESK)}>
        ← {t('kiosk.cashDesk.back')}
      </a>
    </p>
  );
  if (state === 'loading') return <p aria-busy="true">{t('order.loading')}</p>;
  if (state === 'offline') {
    return (
      <>
        <p role="status" className="notice">
          {t('kiosk.cashDesk.offline')}
        </p>
        {back}
      </>
    );
  }
  if (state === 'missing' || !order) {
    return (
      <>
        <p role="alert">{t('kiosk.cashDesk.notFound')}</p>
        {back}
      </>
    );
  }
  const role = totemRole(totem?.type);
  return (
    <article className="desk-order" aria-labelledby="desk-order-title">
      {back}
      <h2 id="desk-order-title">{t('order.title', { number: order.number })}</h2>
      <IdentityNotice t={t} order={order} />
      <div className="desk-order__grid">
        <div>
          <CashDeskOrderDetails t={t} order={order} />
          <CashDeskCustomer t={t} order={order} />
        </div>
        <div className="desk-order__side">
          {role.isCashDesk ? (
            <DeskPaymentPanel t={t} order={order} onOrder={setDeskOrder} onReload={reload} />
          ) : (
            <p className="muted">{t('kiosk.pay.cashDeskOnly')}</p>
          )}
          {order.status === 'confirmed' && <PushInQueueButton locale={locale} order={order} />}
          {order.status !== 'cancelled' && <RentalSheetButton t={t} order={order} />}
          <CashDeskChanges locale={locale} order={order} onChanged={setDeskOrder} />
        </div>
      </div>
    </article>
  );
}
