// react-hook-form's side of the checkout, fetched when the customer first uses the form (see
// Checkout.tsx): the form's state, its validation (the API's rules, checked before sending), the
// submission and where a refusal is shown. It renders nothing: it hands CheckoutForm, which stays
// mounted, a binding (`register`, the messages, whether it is sending), so the elements the
// customer is typing in are the ones react-hook-form takes over.
import { memo, useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { useStore } from '@nanostores/react';
import type { OrderResponse } from '~/api/contract/orders';
import { $session } from '~/stores/session';
import { submitOrder, type CheckoutValues } from './stores/checkout';
import { cartLineOfError } from '~/domain/orders';
import type { CheckoutRefusal } from '~/domain/checkout-errors';
import { email, maxLength, ORDER_FIELD_MAX, phone, required, toFormValidate } from '~/domain/validators';
import { useT } from '~/i18n/client';
import type { CheckoutBinding } from './CheckoutForm';
import type { FieldProps } from '~/components/ui/useLoadOnFirstUse';
import type { CheckoutLine } from './lines';
import { readContact, reveal, sessionContact, TEXT_FIELDS, type ContactField } from './form-dom';

/** What the island keeps of a submission's outcome (it outlives this component's form). */
export interface CheckoutOutcomeView {
  placed: (placed: { order: OrderResponse; edited: boolean }) => void;
  setServerErrors: (messages: string[]) => void;
  /** The next error list shown takes the focus (a refusal with no field of the form to point at). */
  focusServerErrors: () => void;
  setDocumentsError: (message: string | null) => void;
  /** Fetches the confirmation's code while the order is on its way. */
  preloadConfirmation: () => void;
}

export interface CheckoutLiveProps {
  locale: string;
  form: RefObject<HTMLFormElement | null>;
  /** Values of the fields not on the page when it takes over (the fiscal code while no invoice is asked). */
  defaults: CheckoutValues;
  lines: RefObject<CheckoutLine[]>;
  outcome: CheckoutOutcomeView;
  onBinding: (binding: CheckoutBinding) => void;
}

function CheckoutLive({ locale, form, defaults, lines, outcome, onBinding }: CheckoutLiveProps) {
  const t = useT(locale);
  const session = useStore($session);
  // What the light form's elements hold: read while this renders, and the handover commits in the
  // same task, so no keystroke falls between the read and react-hook-form owning the elements.
  const [start] = useState(() => ({ values: readContact(form.current, defaults), user: session.user }));
  const { register, handleSubmit, watch, setError, setFocus, setValue, getValues, formState } = useForm<CheckoutValues>({ defaultValues: start.values });
  const invoice = watch('invoice');

  // The logged-in customer's details arriving later fill what is still empty (the light host
  // already filled for the session there was when it handed over).
  useEffect(() => {
    const user = session.user;
    if (!user || user === start.user) return;
    for (const [name, value] of Object.entries(sessionContact(user)) as [Exclude<ContactField, 'invoice' | 'terms'>, string][]) {
      if (!getValues(name) && value) setValue(name, value);
    }
  }, [session.user, start.user, getValues, setValue]);

  const text = toFormValidate([required, maxLength(ORDER_FIELD_MAX.name)], t);
  const rules: Record<Exclude<ContactField, 'invoice'>, (value: unknown) => true | string> = {
    // The consent is asked on the site's checkout only (CheckoutForm): unmounted, it checks nothing.
    terms: (value) => value === true || t('checkout.termsRequired'),
    first_name: text,
    last_name: text,
    // The API's phone rule, checked before sending (tests/unit/api/contract/phone-rule.test.ts).
    phone: toFormValidate([required, maxLength(ORDER_FIELD_MAX.phone), phone], t),
    email: toFormValidate([required, email], t),
    fiscal_code: toFormValidate([required, maxLength(ORDER_FIELD_MAX.fiscalCode)], t),
  };
  const bind = (name: ContactField): FieldProps => (name === 'invoice' ? register(name) : register(name, { validate: rules[name] }));

  /** A message about a cart line names the line (and the customer's field) it is about. */
  const aboutLine = (field: string, message: string) => {
    const at = cartLineOfError(field);
    if (!at) return message;
    const line = lines.current[at.line]?.product?.label ?? t('checkout.line', { n: at.line + 1 });
    if (!at.customerField) return t('checkout.lineError', { line, message });
    return t('checkout.lineFieldError', { line, field: t(`booking.customer.${at.customerField}`), message });
  };

  /** A refusal shown where it belongs (stores/checkout.ts decides where: domain/checkout-errors.ts). */
  const showRefusal = ({ fields, documents, others, focus }: CheckoutRefusal) => {
    // A refused consent (the terms changed since the page loaded) is given again, after reading them.
    if (fields.some(([field]) => field === 'terms')) setValue('terms', false);
    for (const [field, message] of fields) setError(field, { message });
    if (documents) outcome.setDocumentsError(documents);
    // The fields come first on the page: the first refused one takes the focus (and is read out
    // with its message); with none, the documents or the list do. The list is an alert either way.
    if (focus === 'documents') reveal(document.getElementById('checkout-documents'));
    else if (focus === 'list') outcome.focusServerErrors();
    else if (focus) {
      document.getElementById(`checkout-${focus}`)?.scrollIntoView({ block: 'center' });
      setFocus(focus);
    }
    outcome.setServerErrors([...new Set(others.map(({ field, message }) => aboutLine(field, message)))]);
  };

  const submit = handleSubmit(async (values) => {
    outcome.preloadConfirmation();
    outcome.setServerErrors([]);
    outcome.setDocumentsError(null);
    const result = await submitOrder(values);
    if (result.kind === 'placed') outcome.placed({ order: result.order, edited: result.edited });
    else if (result.kind === 'documentsMissing') {
      outcome.setDocumentsError(t('validators.documentRequired'));
      reveal(document.getElementById('checkout-documents'));
    } else if (result.kind === 'gone') {
      outcome.focusServerErrors();
      outcome.setServerErrors([result.message]);
    } else if (result.kind === 'refused') showRefusal(result.refusal);
  });

  // Read while rendering: react-hook-form renders this again when they change.
  const errors: CheckoutBinding['errors'] = {};
  for (const name of [...TEXT_FIELDS, 'invoice', 'terms'] as const) errors[name] = formState.errors[name]?.message;
  const { isSubmitting } = formState;
  // Before paint, so the form never shows a frame driven by neither host.
  useLayoutEffect(() => onBinding({ register: bind, errors, isSubmitting, invoice, onSubmit: submit }));
  return null;
}

export default memo(CheckoutLive);
