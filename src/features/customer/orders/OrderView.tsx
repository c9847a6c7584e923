// One order (/orders/{uuid}, guests too through the guest path): dates, lines, totals, documents,
// status; pay online, edit (loads it into the cart in edit mode), cancel, export; documents added
// or replaced in place (OrderDocumentUploads, loaded once the order shows it can change).
import { lazy, Suspense, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $orderPage, cancelShownOrder, orderExportLink, reloadOrder, showOrder } from './stores/orders';
import { notify } from '~/stores/notifications';
import { dateShower } from '../shared/show-date';
import { formatCurrency } from '~/domain/format';
import { personDetails, personName } from './person-details';
import { paymentOutcomeFrom, withoutPaymentOutcome } from '~/domain/payments';
import { orderIdFromPath } from '~/domain/orders';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';
import PayButton from '../shared/PayButton';
import '~/components/ui/controls.css';
import '../shared/order-lines.css';

// Not on the page's first load: only an order that can still change offers the upload.
const OrderDocumentUploads = lazy(() => import('./OrderDocumentUploads'));
// Below the order's lines, for a confirmed order only: its code and encoder load after the page's first paint.
const OrderVoucher = lazy(() => import('../shared/OrderVoucher'));
const loadOrderEdit = () => import('~/stores/order-edit');

export default function OrderView({ locale }: { locale: string }) {
  const t = useT(locale);
  const showDate = dateShower(t);
  const lang = toLocale(locale);
  const { order, state, confirming } = useStore($orderPage);
  const id = typeof location === 'undefined' ? null : orderIdFromPath(location.pathname);

  useEffect(() => {
    // Back from the payment provider: announce the outcome once, then drop it from the address.
    const outcome = id ? paymentOutcomeFrom(location.search) : null;
    if (outcome) history.replaceState(history.state, '', `${location.pathname}${withoutPaymentOutcome(location.search)}${location.hash}`);
    // The reading and the payment's re-reads are the store's (stores/orders.ts showOrder).
    return showOrder(id, outcome, (notice) => notify(t(notice.key), notice.level)).stop;
    // `t` is stable for a locale; the order is loaded once per page.
  }, [id]);

  if (state === 'loading') return <p aria-busy="true">{t('order.loading')}</p>;
  if (state === 'missing' || !order) return <p role="alert">{t('order.notFound')}</p>;

  // Putting the order back into the cart is fetched on the tap: most visits to an order never edit.
  // Vite answers undefined for a chunk the page's guard took (scripts/page-transitions.ts).
  const edit = async () => {
    const loaded = await loadOrderEdit().catch(() => undefined);
    if (!loaded) return notify(t('errors.network'), 'error');
    const path = loaded.editOrderInCart(order);
    if (path) location.assign(localizePath(lang, path));
  };

  const cancel = async () => {
    if (!window.confirm(t('order.cancelConfirm'))) return;
    const outcome = await cancelShownOrder();
    if (outcome.kind === 'cancelled') notify(t('order.cancelled'), 'success');
    else if (outcome.kind === 'refused') notify(outcome.message, 'error');
  };

  return (
    <article className="order" aria-labelledby="order-title">
      <h2 id="order-title">{t('order.title', { number: order.number })}</h2>
      <dl className="totals">
        <dt>{t('order.status')}</dt>
        <dd>
          {t(`order.statuses.${order.status}`)} · {order.paid ? t('order.paid') : t('order.unpaid')}
        </dd>
        {order.shop && (
          <>
            <dt>{t('selector.shop')}</dt>
            <dd>{order.shop.label}</dd>
          </>
        )}
        <dt>{t('order.dates')}</dt>
        <dd>
          {showDate(order.date_from)}
          {order.date_to !== order.date_from ? ` – ${showDate(order.date_to)}` : ''}
        </dd>
      </dl>
      <h3>{t('order.lines')}</h3>
      <ul className="lines">
        {order.order_detail_pools.map((pool) => (
          <li key={pool.index}>
            <span>
              <strong>{personName(pool.customer) || t('order.person', { n: pool.index + 1 })}</strong>
              {personDetails(t, pool.customer) && <span className="muted"> · {personDetails(t, pool.customer)}</span>}
            </span>
            {pool.order_details.map((d) => (
              <span key={d.id}>
                {d.product_label}
                {d.size ? ` · ${t('order.lineSize', { size: d.size })}` : ''} ({formatCurrency(d.total_price)})
              </span>
            ))}
          </li>
        ))}
      </ul>
      <dl className="totals">
        {order.discount > 0 && (
          <>
            <dt>{t('checkout.discounts')}</dt>
            <dd>−{formatCurrency(order.discount)}</dd>
          </>
        )}
        <dt>{t('checkout.total')}</dt>
        <dd>
          <strong data-testid="order-total">{formatCurrency(order.total_amount)}</strong>
        </dd>
      </dl>
      {(order.medias.length > 0 || order.editable) && (
        <section aria-labelledby="order-documents-title">
          <h3 id="order-documents-title">{t('order.documents')}</h3>
          {order.medias.length > 0 && (
            <ul>
              {order.medias.map((m) => (
                <li key={m.id}>
                  <a href={m.url}>{m.name}</a>
                </li>
              ))}
            </ul>
          )}
          {order.editable && (
            <Suspense fallback={null}>
              <OrderDocumentUploads t={t} order={order} />
            </Suspense>
          )}
        </section>
      )}
      {/* The code the shop's counter scans and the voucher PDF; a cancelled order has none. */}
      {order.status === 'confirmed' && (
        <Suspense fallback={null}>
          <OrderVoucher locale={locale} order={order} />
        </Suspense>
      )}
      <p className="actions">
        {confirming ? (
          // The snackbar announces it; this keeps the place of the button while it is hidden.
          <span className="notice" aria-busy="true">
            {t('order.paymentPending')}
          </span>
        ) : (
          <PayButton locale={locale} order={order} onRefused={() => void reloadOrder()} />
        )}
        <a className="button" href={orderExportLink(order.uuid)} download>
          {t('order.export')}
        </a>
        {/* Not while a payment is being confirmed: an edit or a cancellation would turn it into a refund. */}
        {order.editable && !confirming && (
          <>
            <button type="button" className="button" onClick={() => void edit()}>
              {t('order.edit')}
            </button>
            <button type="button" className="link-button" onClick={cancel}>
              {t('order.cancel')}
            </button>
          </>
        )}
      </p>
    </article>
  );
}
