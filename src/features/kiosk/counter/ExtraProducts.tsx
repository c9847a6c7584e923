// Units handed out without an order line (extra specific products, spec §3), each with its delivery
// block: when it went out, when it came back, forced, its price. Render only.
import type { TFunction } from 'i18next';
import type { ExtraSpecificProduct } from '~/domain/delivery';
import { formatCurrency, formatDateTime } from '~/domain/format';

export const dayLabels = (t: TFunction) => ({ today: t('kiosk.delivery.today'), tomorrow: t('kiosk.delivery.tomorrow') });

export default function ExtraProducts({ t, extras }: { t: TFunction; extras: ExtraSpecificProduct[] }) {
  if (extras.length === 0) return null;
  const when = (value: string | null) => (value ? formatDateTime(value, new Date(), dayLabels(t)) : '—');
  return (
    <div className="table-scroll" role="region" aria-label={t('kiosk.delivery.extras.title')} tabIndex={0}>
      <table className="delivery-lines delivery-extras">
        <caption>{t('kiosk.delivery.extras.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('kiosk.delivery.table.unit')}</th>
            <th scope="col">{t('kiosk.delivery.extras.model')}</th>
            <th scope="col">{t('kiosk.delivery.extras.delivered')}</th>
            <th scope="col">{t('kiosk.delivery.extras.returned')}</th>
            <th scope="col">{t('kiosk.delivery.extras.price')}</th>
          </tr>
        </thead>
        <tbody>
          {extras.map((e) => (
            <tr key={e.delivery.id}>
              <th scope="row">
                {e.internal_code}
                {e.delivery.forced && <span className="muted"> · {t('kiosk.delivery.forced')}</span>}
              </th>
              <td>{e.product_model ?? '—'}</td>
              <td>{when(e.delivery.date)}</td>
              <td>{when(e.delivery.date_return)}</td>
              <td>{e.price !== null ? formatCurrency(e.price) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
