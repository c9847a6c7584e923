// Who a product is for (first and last name, height, weight, shoe size, level), asked when the
// product requires customer info; validated with the domain validators through react-hook-form.
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { Customer } from '../../api/contract/cart';
import { maxLength, quantity, required, toFormValidate } from '../../domain/validators';
import { useT } from '../../i18n/client';

interface Fields {
  first_name: string;
  last_name: string;
  height: string;
  weight: string;
  shoe_size: string;
  level: string;
}

const LEVELS = ['principiante', 'intermedio', 'esperto'] as const;

export default function CustomerDialog(props: { locale: string; product: string | null; onCancel: () => void; onConfirm: (c: Customer) => void }) {
  const t = useT(props.locale);
  const dialog = useRef<HTMLDialogElement>(null);
  const { register, handleSubmit, formState, reset } = useForm<Fields>({ defaultValues: { level: 'intermedio' } });
  const text = toFormValidate([required, maxLength(100)], t);
  const measure = (max: number) => toFormValidate([required, quantity(max)], t);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (props.product && !el.open) el.showModal();
    if (!props.product && el.open) el.close();
  }, [props.product]);

  const submit = handleSubmit((v) => {
    props.onConfirm({
      first_name: v.first_name.trim(),
      last_name: v.last_name.trim(),
      height: Number(v.height),
      weight: Number(v.weight),
      shoe_size: Number(v.shoe_size.replace(',', '.')),
      level: v.level,
    });
    reset();
  });

  const field = (name: keyof Fields, validate: (v: unknown) => true | string, type = 'text', extra: Record<string, string> = {}) => {
    const error = formState.errors[name]?.message;
    return (
      <div className="field">
        <label htmlFor={`customer-${name}`}>{t(`booking.customer.${name}`)}</label>
        <input id={`customer-${name}`} type={type} aria-invalid={!!error} aria-describedby={`customer-${name}-error`} {...extra} {...register(name, { validate })} />
        <p id={`customer-${name}-error`} className="field__error">{error}</p>
      </div>
    );
  };

  return (
    <dialog ref={dialog} className="sheet" aria-labelledby="customer-title" onCancel={props.onCancel}>
      <form onSubmit={submit} noValidate>
        <h2 id="customer-title">{t('booking.customerTitle', { product: props.product ?? '' })}</h2>
        {field('first_name', text, 'text', { autoComplete: 'given-name' })}
        {field('last_name', text, 'text', { autoComplete: 'family-name' })}
        {field('height', measure(250), 'number', { inputMode: 'numeric', min: '50', max: '250' })}
        {field('weight', measure(250), 'number', { inputMode: 'numeric', min: '10', max: '250' })}
        {field('shoe_size', measure(52), 'text', { inputMode: 'decimal' })}
        <div className="field">
          <label htmlFor="customer-level">{t('booking.customer.level')}</label>
          <select id="customer-level" {...register('level')}>
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {t(`booking.customer.levels.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="actions">
          <button type="button" className="link-button" onClick={props.onCancel}>
            {t('booking.cancel')}
          </button>
          <button type="submit" className="button">
            {t('booking.confirm')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
