// The size step of "who is it for": one radio button per size of the product, with the units of
// it still free for the chosen dates (stores/sizes.ts); a sold-out size stays listed, disabled and
// said. Render and dispatch only; the dialog owns the chosen size and its required check.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useT } from '~/i18n/client';
import { $sizes, loadSizes, resetSizes } from './stores/sizes';

export default function SizePicker(props: { locale: string; productId: number; value: string | null; error: string | null; onChange: (size: string) => void }) {
  const t = useT(props.locale);
  const state = useStore($sizes);
  useEffect(() => {
    void loadSizes(props.productId);
    return resetSizes;
  }, [props.productId]);

  return (
    <fieldset className="field sizes" aria-describedby="customer-size-error" aria-busy={state.status === 'loading'}>
      <legend>{t('booking.size')}</legend>
      {/* Closing and opening the dialog again reads them again. */}
      {state.status === 'error' && <p role="alert">{t('errors.network')}</p>}
      {state.status === 'ready' &&
        state.sizes.map((s) => (
          <label key={s.size} className="check">
            <input type="radio" name="customer-size" value={s.size} checked={props.value === s.size} disabled={s.available <= 0} onChange={() => props.onChange(s.size)} />
            {s.size} · {s.available > 0 ? t('booking.available', { count: s.available }) : t('booking.soldOut')}
          </label>
        ))}
      <p id="customer-size-error" className="field__error">
        {props.error}
      </p>
    </fieldset>
  );
}
