// Units handed out without an order line (extra specific products, spec §3), each with its delivery
// block: when it went out, when it came back, forced, its price. Render only.
import { ScrollTable } from '~/components/ui/ScrollTable';
import type { TFunction } from 'i18next';
import type { ExtraSpecificProduct } from '~/domain/delivery';
import { formatCurrency, formatDateTime } from '~/domain/format';

export const dayLabels = (t: TFunction) => ({ today: t('kiosk.delivery.today'), tomorrow: t('kiosk.delivery.tomorrow') });

export default function ExtraProducts({ t, extras }: { t: TFunction; extras: ExtraSpecificProduct[] }) {
  if (extras.length === 0) return null;
  const when = (value: string | null) => (value ? formatDateTime(value, new Date(), dayLabels(t)) : '—');
  return (
    <ScrollTable
      label={t('kiosk.delivery.extras.title')}
      caption={t('kiosk.delivery.extras.title')}
      className="delivery-lines delivery-extras"
      columns={[
        t('kiosk.delivery.table.unit'),
        t('kiosk.delivery.extras.model'),
        t('kiosk.delivery.extras.delivered'),
        t('kiosk.delivery.extras.returned'),
        t('kiosk.delivery.extras.price'),
      ]}
    >
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
    </ScrollTable>
  );
}
