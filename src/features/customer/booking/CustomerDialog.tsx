// Who a product is for (first and last name, height, weight, shoe size, level), asked when the
// product requires customer info; validated with the domain validators through react-hook-form. For a
// product that comes in sizes the size is asked after the measures (SizePicker.tsx), required.
// The level starts unchosen and must be picked: the API requires every customer field of a product
// that needs them (server/orders/quote.ts), and a pre-set level would book people at a level
// nobody chose.
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Customer } from '~/api/contract/cart';
import { maxLength, numberRange, ORDER_FIELD_MAX, required, toFormValidate } from '~/domain/validators';
import { useT } from '~/i18n/client';
import { MEASURE_BOUNDS, type PersonForm } from '~/domain/people';
import type { Person } from '~/api/contract/people';
import { personFormValues } from '../shared/stores/people';
import KnownPeople, { personName } from '../shared/KnownPeople';
import LevelSelect from '../shared/LevelSelect';
import SizePicker from './SizePicker';

type Fields = PersonForm;


const { height: H, weight: W } = MEASURE_BOUNDS;

export default function CustomerDialog(props: {
  locale: string;
  product: string | null;
  /** The product's id when it comes in sizes: the size step shows. */
  sizedProductId?: number | null;
  /** False for a product that needs no customer info (asked only for its size). */
  measures?: boolean;
  onCancel: () => void;
  onConfirm: (c: Customer | undefined, size: string | null) => void;
}) {
  const measures = props.measures !== false;
  const t = useT(props.locale);
  const dialog = useRef<HTMLDialogElement>(null);
  const { register, handleSubmit, formState, reset } = useForm<Fields>({ defaultValues: { level: '' } });
  const text = toFormValidate([required, maxLength(ORDER_FIELD_MAX.name)], t);
  // Measures get their own bounds and messages ("the maximum is 250"), not the quantity ones.
  const measure = (min: number, max: number) => toFormValidate([required, numberRange(min, max)], t);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (props.product && !el.open) el.showModal();
    if (!props.product && el.open) el.close();
  }, [props.product]);

  // A known person fills every field; the focus moves to Confirm, so one more press (or
  // Enter) books for them, and the status line says whose details are in.
  const confirm = useRef<HTMLButtonElement>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const pick = (person: Person) => {
    reset(personFormValues(person));
    setPicked(personName(person));
    confirm.current?.focus();
  };
  const [size, setSize] = useState<string | null>(null);
  const [sizeError, setSizeError] = useState<string | null>(null);
  useEffect(() => {
    if (!props.product) setPicked(null);
    setSize(null);
    setSizeError(null);
  }, [props.product]);
  const sized = props.sizedProductId != null;
  const chooseSize = (value: string) => {
    setSize(value);
    setSizeError(null);
  };

  const submit = handleSubmit((v) => {
    if (sized && !size) {
      setSizeError(t('validators.required'));
      document.querySelector<HTMLInputElement>('input[name="customer-size"]:not(:disabled)')?.focus();
      return;
    }
    const customer = measures
      ? {
          first_name: v.first_name.trim(),
          last_name: v.last_name.trim(),
          height: Number(v.height),
          weight: Number(v.weight),
          shoe_size: Number(v.shoe_size.replace(',', '.')),
          level: v.level,
        }
      : undefined;
    props.onConfirm(customer, sized ? size : null);
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

  const measureFields = () => (
    <>
      {field('first_name', text, 'text', { autoComplete: 'given-name' })}
      {field('last_name', text, 'text', { autoComplete: 'family-name' })}
      {/* Height and weight: the bounds their inputs' min/max always announced. Shoe size: up to
          52 as before; no smallest size was ever set, so only a size below 1 is refused. */}
      {field('height', measure(H.min, H.max), 'number', { inputMode: 'numeric', min: String(H.min), max: String(H.max) })}
      {field('weight', measure(W.min, W.max), 'number', { inputMode: 'numeric', min: String(W.min), max: String(W.max) })}
      {field('shoe_size', measure(MEASURE_BOUNDS.shoe_size.min, MEASURE_BOUNDS.shoe_size.max), 'text', { inputMode: 'decimal' })}
      <div className="field">
        <label htmlFor="customer-level">{t('booking.customer.level')}</label>
        <LevelSelect
          t={t}
          id="customer-level"
          aria-invalid={!!formState.errors.level}
          aria-describedby="customer-level-error"
          {...register('level', { validate: toFormValidate([required], t) })}
        />
        <p id="customer-level-error" className="field__error">
          {formState.errors.level?.message}
        </p>
      </div>
    </>
  );

  return (
    <dialog ref={dialog} className="sheet" aria-labelledby="customer-title" onCancel={props.onCancel}>
      <form onSubmit={submit} noValidate>
        {/* The same header as the login sheet: a close button besides Escape and "Annulla". */}
        <div className="sheet__header">
          <h2 id="customer-title">{t('booking.customerTitle', { product: props.product ?? '' })}</h2>
          <button type="button" className="icon-button" onClick={props.onCancel} aria-label={t('booking.close')}>
            ×
          </button>
        </div>
        {measures && (
          <>
            <KnownPeople locale={props.locale} open={!!props.product} onPick={pick} />
            <p className="known-people__status" role="status">
              {picked ? t('booking.knownPersonPicked', { name: picked }) : ''}
            </p>
            {measureFields()}
          </>
        )}
        {sized && props.product && <SizePicker locale={props.locale} productId={props.sizedProductId!} value={size} error={sizeError} onChange={chooseSize} />}
        <div className="actions">
          <button type="button" className="link-button" onClick={props.onCancel}>
            {t('booking.cancel')}
          </button>
          <button ref={confirm} type="submit" className="button">
            {t('booking.confirm')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
