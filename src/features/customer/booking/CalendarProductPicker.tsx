// The product type the calendar shows availability and prices for: the shop's products grouped by
// category. While the shop loads, or if it cannot be loaded, a short line takes its place (same
// height, so the calendar below does not jump) and the dates can be picked all the same.
import { useId } from 'react';
import type { TFunction } from 'i18next';
import type { ProductGroup } from '~/domain/calendar';

interface Props {
  t: TFunction;
  status: 'loading' | 'ready' | 'error';
  groups: readonly ProductGroup[];
  value: number | null;
  onChange: (productId: number) => void;
}

export default function CalendarProductPicker({ t, status, groups, value, onChange }: Props) {
  const id = useId();
  if (status === 'error') {
    return (
      <p className="calendar__product calendar__error" role="alert">
        {t('calendar.productsError')}
      </p>
    );
  }
  if (status === 'loading' || value === null) {
    return (
      <p className="calendar__product muted" aria-busy={status === 'loading'}>
        {status === 'loading' ? t('calendar.productsLoading') : null}
      </p>
    );
  }
  return (
    <div className="calendar__product field">
      <label htmlFor={id}>{t('calendar.product')}</label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {groups.map((group) => (
          <optgroup key={group.id} label={group.label}>
            {group.products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
