// The order's code and its voucher, on the order page and the confirmation page: the QR code
// the counter scans (src/components/ui/OrderCode.tsx, loaded on demand) and the PDF to take along.
import OrderCode from '~/components/ui/OrderCode';
import { useT } from '~/i18n/client';
import { voucherLink } from './stores/voucher';

export default function OrderVoucher({ locale, order }: { locale: string; order: { uuid: string; number: string } }) {
  const t = useT(locale);
  return (
    <div className="order-voucher">
      <OrderCode number={order.number} label={t('order.codeAlt', { number: order.number })} />
      <p>
        <a className="button" href={voucherLink(order.uuid)} download>
          {t('order.voucher')}
        </a>
      </p>
    </div>
  );
}
