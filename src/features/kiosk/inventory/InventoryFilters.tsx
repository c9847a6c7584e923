// The inventory's filters: code or model (a scanner types the code and Enter searches;
// the text is then selected for the next scan), product, state, and the switch to the extras (units
// out without an order line). The pickers apply at once; the text on Enter or the button.
import { useRef, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { isUnitStatus, UNIT_CODE_MAX_LENGTH, UNIT_STATUSES, unitStatusKey, type InventoryFilters as Filters, type ProductOption } from '~/domain/inventory';

interface Props {
  t: TFunction;
  filters: Filters;
  products: readonly ProductOption[];
  onChange: (change: Partial<Filters>) => void;
}

export default function InventoryFilters({ t, filters, products, onChange }: Props) {
  const [text, setText] = useState(filters.q);
  const input = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    onChange({ q: text });
    input.current?.select();
  }

  return (
    <form className="kiosk-search inventory-filters" role="search" aria-label={t('kiosk.inventory.filters')} onSubmit={submit}>
      <div className="field">
        <label htmlFor="inventory-q">{t('kiosk.inventory.search')}</label>
        <input
          ref={input}
          id="inventory-q"
          type="search"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={UNIT_CODE_MAX_LENGTH}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="inventory-product">{t('kiosk.inventory.product')}</label>
        <select
          id="inventory-product"
          value={filters.productId ?? ''}
          disabled={filters.extra}
          onChange={(e) => onChange({ productId: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">{t('kiosk.inventory.allProducts')}</option>
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="inventory-status">{t('kiosk.inventory.status')}</label>
        <select
          id="inventory-status"
          value={filters.status}
          disabled={filters.extra}
          onChange={(e) => onChange({ status: isUnitStatus(e.target.value) ? e.target.value : '' })}
        >
          <option value="">{t('kiosk.inventory.allStatuses')}</option>
          {UNIT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(unitStatusKey(s))}
            </option>
          ))}
        </select>
      </div>
      <label className="check inventory-filters__extra">
        <input type="checkbox" role="switch" checked={filters.extra} onChange={(e) => onChange({ extra: e.target.checked })} />
        {t('kiosk.inventory.extra')}
      </label>
      <button type="submit" className="button">
        {t('kiosk.inventory.find')}
      </button>
    </form>
  );
}
