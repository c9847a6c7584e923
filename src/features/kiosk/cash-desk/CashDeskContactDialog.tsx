// The order's contact data at the cash desk: names, phone, e-mail, invoice and fiscal code, with
// the checkout's own rules. A refusal keeps the dialog open with everything typed, each server
// message under its field (the first one focused); any other failure goes to the parent
// (onFailed), which says it and, when the order's state refused it, reads the order again.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { OrderResponse } from '~/api/contract/orders';
import type { OrderContact } from '~/domain/order-contact';
import { changeDeskContact, type DeskFailure } from './stores/desk-changes';
import { email, maxLength, ORDER_FIELD_MAX, phone, required, toFormValidate } from '~/domain/validators';
import { useT } from '~/i18n/client';
import { ChangeDialog, ChangeField, ChangeFormEnd } from './CashDeskDialog';

type Fields = OrderContact;
const ID = 'cash-desk-contact';

interface Props {
  locale: string;
  order: OrderResponse;
  onSaved: (order: OrderResponse) => void;
  /** Anything but a 422 (a refusal of the order's state, a server error): the parent says it. */
  onFailed: (failure: DeskFailure) => void;
  onClose: () => void;
}

export default function CashDeskContactDialog({ locale, order, onSaved, onFailed, onClose }: Props) {
  const t = useT(locale);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const { register, handleSubmit, watch, setError, setFocus, formState } = useForm<Fields>({
    defaultValues: {
      first_name: order.first_name,
      last_name: order.last_name,
      phone: order.phone,
      email: order.email,
      invoice: order.invoice,
      fiscal_code: order.fiscal_code ?? '',
    },
  });
  const invoice = watch('invoice');

  const submit = handleSubmit(async (values) => {
    setOtherErrors([]);
    const change = await changeDeskContact(order, values);
    if (change.kind === 'saved') return onSaved(change.order);
    // The form stays as typed whatever happened; only field messages are this dialog's to show.
    if (change.kind !== 'invalid') return onFailed(change);
    for (const [field, message] of change.fields) setError(field, { message });
    setOtherErrors(change.rest);
    if (change.fields[0]) setFocus(change.fields[0][0]);
  });

  const error = (f: keyof Fields) => formState.errors[f]?.message;
  const text = toFormValidate([required, maxLength(ORDER_FIELD_MAX.name)], t);
  return (
    <ChangeDialog id={ID} title={t('kiosk.changes.contactTitle', { number: order.number })} closeLabel={t('booking.close')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <ChangeField
          id={`${ID}-first_name`}
          label={t('checkout.first_name')}
          error={error('first_name')}
          autoComplete="off"
          registration={register('first_name', { validate: text })}
        />
        <ChangeField
          id={`${ID}-last_name`}
          label={t('checkout.last_name')}
          error={error('last_name')}
          autoComplete="off"
          registration={register('last_name', { validate: text })}
        />
        <ChangeField
          id={`${ID}-phone`}
          label={t('checkout.phone')}
          error={error('phone')}
          type="tel"
          autoComplete="off"
          registration={register('phone', { validate: toFormValidate([required, maxLength(ORDER_FIELD_MAX.phone), phone], t) })}
        />
        <ChangeField
          id={`${ID}-email`}
          label={t('checkout.email')}
          error={error('email')}
          type="email"
          autoComplete="off"
          registration={register('email', { validate: toFormValidate([required, email], t) })}
        />
        <label className="check">
          <input type="checkbox" {...register('invoice')} /> {t('kiosk.changes.invoice')}
        </label>
        {invoice && (
          <ChangeField
            id={`${ID}-fiscal_code`}
            label={t('checkout.fiscal_code')}
            error={error('fiscal_code')}
            autoComplete="off"
            registration={register('fiscal_code', { validate: toFormValidate([required, maxLength(ORDER_FIELD_MAX.fiscalCode)], t) })}
          />
        )}
        <ChangeFormEnd t={t} id={ID} messages={otherErrors} submitting={formState.isSubmitting} onBack={onClose} />
      </form>
    </ChangeDialog>
  );
}
