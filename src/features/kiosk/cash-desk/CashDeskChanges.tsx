// Changing an order at the cash desk, inside the order's cash-desk page: its contact
// data, who each item is for, its dates and items (through the cart's edit mode: the booking
// screens, then back here), cancelling it. Only what the order still allows is offered
// (domain/cash-desk.ts orderChangeOptions); the rest says why. A refusal the server sends anyway
// (a payment or a hand-out landed meanwhile) is shown and the order read again.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { OrderResponse } from '~/api/contract/orders';
import { orderChangeOptions, type ChangeOption } from '~/domain/cash-desk';
import { editCheckoutPath } from '~/domain/order-edit';
import { cancelAtDesk, type DeskFailure } from './stores/desk-changes';
import { $cart, clearCart } from '~/stores/cart';
import { editOrderInCart } from '~/stores/order-edit';
import { notify } from '~/stores/notifications';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';
import ConfirmDialog from '~/components/ui/ConfirmDialog';
import LazyDialog, { lazyDialog } from '~/components/ui/LazyDialog';
import '~/components/ui/controls.css';
import '../shared/kiosk.css';
import './cash-desk-changes.css';

// The change dialogs and their form code (react-hook-form) load on their first open, not with the
// cash desk; a dialog that could not be fetched closes and says why (LazyDialog.tsx).
const CashDeskContactDialog = lazyDialog(() => import('./CashDeskContactDialog'));
const CashDeskPoolDialog = lazyDialog(() => import('./CashDeskPoolDialog'));

type Pool = OrderResponse['order_detail_pools'][number];
type Open = { kind: 'contact' } | { kind: 'pool'; pool: Pool; title: string } | { kind: 'cancel' } | null;

interface Props {
  locale: string;
  order: OrderResponse;
  onChanged: (order: OrderResponse) => void;
}

/** "Luca Bianchi", or "Persona 1" when the pool names nobody. */
function personOf(t: ReturnType<typeof useT>, pool: Pool): string {
  const name = [pool.customer?.first_name, pool.customer?.last_name].filter(Boolean).join(' ');
  return name || t('order.person', { n: pool.index + 1 });
}

/** The pool's items: its main item first, then its add-ons. */
const itemsOf = (pool: Pool) => pool.order_details.map((d) => d.product_label).join(' + ');

export default function CashDeskChanges({ locale, order, onChanged }: Props) {
  const t = useT(locale);
  const lang = toLocale(locale);
  const cart = useStore($cart);
  const [open, setOpen] = useState<Open>(null);
  const [cancelling, setCancelling] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  // Where the focus goes once a dialog that does not give it back itself (ConfirmDialog) is gone.
  const focusNext = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open || !focusNext.current) return;
    (focusNext.current.isConnected ? focusNext.current : heading.current)?.focus();
    focusNext.current = null;
  }, [open, order]);

  const options = orderChangeOptions(order, new Date());

  /**
   * A change failed. Refused for the order's state: close, say the server's why where the staff
   * look, show the order as it is now. Another answer of the server: a notice (the dialog stays
   * open with what was typed). No answer at all: the API client already said so.
   */
  const failed = (failure: DeskFailure) => {
    if (failure.kind === 'refused') {
      setOpen(null);
      setRefusal(failure.message || t('kiosk.changes.notSaved'));
      void failure.current.then((current) => current && onChanged(current));
    } else if (failure.kind === 'error') notify(failure.message || t('errors.genericTitle'), 'error');
  };

  const saved = (next: OrderResponse, message: string) => {
    setOpen(null);
    setRefusal(null);
    onChanged(next);
    notify(message, 'success');
  };

  // A dialog whose code could not be fetched: closed, and the network named (the next open fetches again).
  const dialogFailed = () => {
    setOpen(null);
    notify(t('errors.network'), 'error');
  };

  const editInCart = () => {
    const path = editOrderInCart(order);
    if (path) location.assign(localizePath(lang, path));
  };

  // A second tap on "yes" before the question is gone must not send a second cancellation.
  const cancelSent = useRef(false);
  const cancel = async () => {
    if (cancelSent.current) return;
    cancelSent.current = true;
    setOpen(null);
    setCancelling(true);
    focusNext.current = heading.current;
    const change = await cancelAtDesk(order);
    if (change.kind === 'saved') saved(change.order, change.message || t('order.cancelled'));
    else failed(change);
    cancelSent.current = false;
    setCancelling(false);
  };

  const why = (action: 'replace' | 'cancel', option: ChangeOption) =>
    option.allowed ? null : (
      <p className="cash-desk-changes__why" data-testid={`why-${action}`}>
        {t(`kiosk.changes.why.${action}.${option.reason}`)}
      </p>
    );

  const editing = cart.orderCodeToReplace === order.uuid;
  const pools = [...order.order_detail_pools].sort((a, b) => a.index - b.index);

  return (
    <section className="cash-desk-changes" aria-labelledby="cash-desk-changes-title">
      {/* Under the page's order heading (h2): a part of that order. */}
      <h3 id="cash-desk-changes-title" ref={heading} tabIndex={-1}>
        {t('kiosk.changes.title')}
      </h3>
      {refusal && (
        <div className="notice cash-desk-changes__refusal" role="alert">
          {refusal}
        </div>
      )}
      {order.status === 'cancelled' ? (
        <p className="cash-desk-changes__why" data-testid="why-cancelled">
          {t('kiosk.changes.why.cancelled')}
        </p>
      ) : (
        <>
          <div className="cash-desk-changes__actions">
            {options.contact.allowed && (
              <button type="button" className="button" onClick={() => setOpen({ kind: 'contact' })}>
                {t('kiosk.changes.editContact')}
              </button>
            )}
            {options.replace.allowed && order.shop ? (
              <button type="button" className="button" onClick={editInCart}>
                {t('kiosk.changes.replace')}
              </button>
            ) : (
              why('replace', options.replace)
            )}
            {options.cancel.allowed ? (
              <button
                ref={cancelButton}
                type="button"
                className="button button--danger"
                disabled={cancelling}
                aria-busy={cancelling}
                onClick={() => setOpen({ kind: 'cancel' })}
              >
                {cancelling ? t('kiosk.changes.cancelling') : t('order.cancel')}
              </button>
            ) : (
              why('cancel', options.cancel)
            )}
          </div>
          {editing && options.replace.allowed && order.shop && (
            // Staff left the booking screens half-way: go on, or drop the half-made change.
            <div className="notice cash-desk-changes__editing">
              <p>{t('kiosk.changes.editing')}</p>
              <p className="actions">
                <a className="button" href={localizePath(lang, editCheckoutPath(order.shop.slug))}>
                  {t('kiosk.changes.continueEdit')}
                </a>
                <button type="button" className="button button--secondary" onClick={clearCart}>
                  {t('kiosk.changes.dropEdit')}
                </button>
              </p>
            </div>
          )}
          <h4>{t('kiosk.changes.customers')}</h4>
          <ul className="cash-desk-changes__pools">
            {pools.map((pool) => {
              const person = personOf(t, pool);
              const title = t('kiosk.changes.customerTitle', { person, items: itemsOf(pool) });
              return (
                <li key={pool.id}>
                  <span>
                    <strong>{person}</strong> · {itemsOf(pool)}
                  </span>
                  {options.customers.allowed && (
                    <button type="button" className="button button--secondary" onClick={() => setOpen({ kind: 'pool', pool, title })}>
                      {t('kiosk.changes.editCustomer')}
                      <span className="visually-hidden"> {title}</span>
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {/* Mounted for good, so that an open after a failed fetch fetches again (LazyDialog.tsx). */}
      <LazyDialog open={open?.kind === 'contact'} onFailed={dialogFailed}>
        {open?.kind === 'contact' && (
          <CashDeskContactDialog
            locale={locale}
            order={order}
            onSaved={(next) => saved(next, t('kiosk.changes.contactSaved'))}
            onFailed={failed}
            onClose={() => setOpen(null)}
          />
        )}
      </LazyDialog>
      <LazyDialog open={open?.kind === 'pool'} onFailed={dialogFailed}>
        {open?.kind === 'pool' && (
          <CashDeskPoolDialog
            locale={locale}
            orderUuid={order.uuid}
            pool={open.pool}
            title={open.title}
            onSaved={(next) => saved(next, t('kiosk.changes.customerSaved'))}
            onFailed={failed}
            onClose={() => setOpen(null)}
          />
        )}
      </LazyDialog>
      {open?.kind === 'cancel' && (
        // Mounted only while asked: its ids are fixed, and the page may have its own ConfirmDialog.
        <ConfirmDialog
          open
          title={t('kiosk.changes.cancelTitle', { number: order.number })}
          text={t('kiosk.changes.cancelText')}
          confirmLabel={t('kiosk.changes.cancelConfirm')}
          cancelLabel={t('kiosk.changes.keep')}
          onConfirm={() => void cancel()}
          onCancel={() => {
            focusNext.current = cancelButton.current;
            setOpen(null);
          }}
        />
      )}
    </section>
  );
}
