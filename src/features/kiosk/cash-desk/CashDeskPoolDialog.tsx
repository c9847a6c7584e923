// Who one item of the order is for (a pool's customer): names, height, weight, shoe size, level,
// with the booking's bounds and level choices. Staff may know only part of it: every field may stay
// blank, and emptying one clears it on the server.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { OrderResponse } from '~/api/contract/orders';
import { changeDeskPoolCustomer, type DeskFailure } from './stores/desk-changes';
import { CUSTOMER_LEVELS, MEASURE_BOUNDS } from '~/domain/cash-desk';
import type { PersonForm } from '~/domain/people';
import { maxLength, numberRange, ORDER_FIELD_MAX, toFormValidate } from '~/domain/validators';
import { useT } from '~/i18n/client';
import { ChangeDialog, ChangeField, ChangeFormEnd } from './CashDeskDialog';

type Pool = OrderResponse['order_detail_pools'][number];

type Fields = PersonForm;

const ID = 'cash-desk-pool';

interface Props {
  locale: string;
  /** The order the pool is part of: read again when the change is refused for its state. */
  orderUuid: string;
  pool: Pool;
  /** "Persona 1 · Ciaspole": who and what, for the title. */
  title: string;
  onSaved: (order: OrderResponse) => void;
  /** Anything but a 422 (a refusal of the order's state, a server error): the parent says it. */
  onFailed: (failure: DeskFailure) => void;
  onClose: () => void;
}

export default function CashDeskPoolDialog({ locale, orderUuid, pool, title, onSaved, onFailed, onClose }: Props) {
  const t = useT(locale);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const c = pool.customer ?? {};
  const { register, handleSubmit, setError, setFocus, formState } = useForm<Fields>({
    defaultValues: {
      first_name: c.first_name ?? '',
      last_name: c.last_name ?? '',
      height: c.height ?? '',
      weight: c.weight ?? '',
      shoe_size: c.shoe_size ?? '',
      level: c.level ?? '',
    },
  });
  // A level typed elsewhere (not one of the choices) stays choosable, so saving does not drop it.
  const levels: readonly string[] = c.level && !CUSTOMER_LEVELS.includes(c.level) ? [...CUSTOMER_LEVELS, c.level] : CUSTOMER_LEVELS;

  const submit = handleSubmit(async (values) => {
    setOtherErrors([]);
    const change = await changeDeskPoolCustomer(orderUuid, pool.id, values);
    if (change.kind === 'saved') return onSaved(change.order);
    // The form stays as typed whatever happened; only field messages are this dialog's to show.
    if (change.kind !== 'invalid') return onFailed(change);
    for (const [field, message] of change.fields) setError(field, { message });
    setOtherErrors(change.rest);
    if (change.fields[0]) setFocus(change.fields[0][0]);
  });

  const error = (f: keyof Fields) => formState.errors[f]?.message;
  const text = toFormValidate([maxLength(ORDER_FIELD_MAX.name)], t);
  const measure = (name: keyof typeof MEASURE_BOUNDS) => toFormValidate([numberRange(MEASURE_BOUNDS[name].min, MEASURE_BOUNDS[name].max)], t);
  return (
    <ChangeDialog id={ID} title={title} closeLabel={t('booking.close')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <ChangeField id={`${ID}-first_name`} label={t('booking.customer.first_name')} error={error('first_name')} autoComplete="off" registration={register('first_name', { validate: text })} />
        <ChangeField id={`${ID}-last_name`} label={t('booking.customer.last_name')} error={error('last_name')} autoComplete="off" registration={register('last_name', { validate: text })} />
        <ChangeField id={`${ID}-height`} label={t('booking.customer.height')} error={error('height')} inputMode="numeric" registration={register('height', { validate: measure('height') })} />
        <ChangeField id={`${ID}-weight`} label={t('booking.customer.weight')} error={error('weight')} inputMode="numeric" registration={register('weight', { validate: measure('weight') })} />
        <ChangeField id={`${ID}-shoe_size`} label={t('booking.customer.shoe_size')} error={error('shoe_size')} inputMode="decimal" registration={register('shoe_size', { validate: measure('shoe_size') })} />
        <div className="field">
          <label htmlFor={`${ID}-level`}>{t('booking.customer.level')}</label>
          <select id={`${ID}-level`} aria-invalid={!!error('level')} aria-describedby={`${ID}-level-error`} {...register('level')}>
            <option value="">{t('booking.customer.levelPlaceholder')}</option>
            {levels.map((l) => (
              <option key={l} value={l}>
                {t(`booking.customer.levels.${l}`, { defaultValue: l })}
              </option>
            ))}
          </select>
          <p id={`${ID}-level-error`} className="field__error">
            {error('level')}
          </p>
        </div>
        <ChangeFormEnd t={t} id={ID} messages={otherErrors} submitting={formState.isSubmitting} onBack={onClose} />
      </form>
    </ChangeDialog>
  );
}
