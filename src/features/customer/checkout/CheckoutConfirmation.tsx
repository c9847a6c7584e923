// The confirmation the checkout itself shows, for what does not go to the order's own confirmation
// page: a kiosk's order (its number large, to say at the cash desk; no link into the order) and an
// edit (the order's code and voucher, pay now, a link to the order).
import { useEffect, useRef } from 'react';
import type { OrderResponse } from '~/api/contract/orders';
import { formatCurrency } from '~/domain/format';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';
import { useStore } from '@nanostores/react';
import { $totem, endKioskTurn, kioskHomePath } from '~/stores/kiosk';
import { notifyOnNextPage } from '~/stores/notifications';
import { afterCheckoutPath } from '~/domain/cash-desk';
import PayButton from '../shared/PayButton';
import OrderVoucher from '../shared/OrderVoucher';
import OrderNumber from '~/components/ui/OrderNumber';
import OrderCode from '~/components/ui/OrderCode';

/** The confirmation: its heading takes the focus and the view when it appears, so screen-reader
 * and sighted users land on it rather than on the page's top or the body. */
export default function CheckoutConfirmation({ locale, order, edited }: { locale: string; order: OrderResponse; edited: boolean }) {
  const t = useT(locale);
  const lang = toLocale(locale);
  const heading = useRef<HTMLHeadingElement>(null);
  // A kiosk takes no online payment (its cash desk has a terminal) and shows no link into the
  // order: the next customer must not reach it. The screen returns to its start by itself.
  const totem = useStore($totem);
  // Shop staff who changed an order from the cash desk go back to that order's cash-desk page.
  const backToDesk = afterCheckoutPath(totem, order, edited);
  useEffect(() => {
    if (backToDesk) {
      notifyOnNextPage(t('checkout.saved', { number: order.number }), 'success');
      // Replace: Back from the cash desk must not land on an emptied checkout.
      location.replace(localizePath(lang, backToDesk));
      return;
    }
    const el = heading.current;
    if (!el) return;
    el.scrollIntoView({ block: 'start' });
    el.focus({ preventScroll: true });
  }, []);
  if (backToDesk) return <p aria-busy="true">{t('kiosk.changes.backToDesk')}</p>;
  const Heading = totem ? 'h1' : 'h2';
  return (
    <section aria-labelledby="placed-title" className={totem ? 'placed placed--kiosk' : 'placed'}>
      {/* On a kiosk the confirmation is the page (its checkout title is hidden, checkout.css): its heading is the page's. */}
      <Heading id="placed-title" ref={heading} tabIndex={-1}>
        {edited ? t('checkout.saved', { number: order.number }) : t('checkout.confirmed', { number: order.number })}
      </Heading>
      {totem ? (
        <>
          {/* What to do next, with what to do it with: the number large (read from two metres) and its code. */}
          <p className="placed__next">{t('kiosk.placed.payAtDesk')}</p>
          <div className="placed__number">
            <OrderNumber number={order.number} label={t('order.confirmation.number')} />
            <OrderCode number={order.number} label={t('order.codeAlt', { number: order.number })} />
          </div>
          <p>
            {t('checkout.serverTotal')}: <strong data-testid="server-total">{formatCurrency(order.total_amount)}</strong>
          </p>
          <p>{t('checkout.confirmedText', { email: order.email })}</p>
          <p className="muted">{t('kiosk.placed.resets')}</p>
          <p className="actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                endKioskTurn();
                location.assign(localizePath(lang, kioskHomePath() ?? '/'));
              }}
            >
              {t('kiosk.placed.done')}
            </button>
          </p>
        </>
      ) : (
        <>
          <p>{t('checkout.confirmedText', { email: order.email })}</p>
          <p>
            {t('checkout.serverTotal')}: <strong data-testid="server-total">{formatCurrency(order.total_amount)}</strong>
          </p>
          {/* The code the shop's counter scans, and the voucher to take along; not on a kiosk. */}
          <OrderVoucher locale={locale} order={order} />
          <p className="actions">
            <PayButton locale={locale} order={order} />
            <a className="button" href={localizePath(lang, `/orders/${order.uuid}`)}>
              {t('checkout.viewOrder')}
            </a>
          </p>
        </>
      )}
    </section>
  );
}
