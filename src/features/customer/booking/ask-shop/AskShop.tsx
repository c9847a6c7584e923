// "Chiedi al negozio": a button that opens a short form in a modal dialog — name, e-mail
// or phone, dates, people, message, and the shop when the page offers several — sent to
// POST v1/booking_requests. Validated by the contract's schema in the browser and by the API; the
// API's 422 messages land under the fields they name. The static HTML is the button alone: the
// island wakes on the first interaction (client:lazy) and renders the form only while open.
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import {
  BOOKING_REQUEST_MESSAGE_MAX,
  BOOKING_REQUEST_PEOPLE_MAX,
  bookingRequestSchema,
  type BookingRequestField,
} from '~/api/contract/booking-requests';
import { submitBookingRequest, type BookingRequestFormValues, type SentCopy } from './stores/booking-request';
import { dayToDisplay, todayInRome } from '~/domain/dates';
import { useT } from '~/i18n/client';
import { toLocale } from '~/i18n/index';
import { useIslandReady } from '~/components/ui/useHydrated';
import { zodResolver } from '~/components/ui/zod-resolver';
import '~/components/ui/controls.css';
import './ask-shop.css';

export interface AskShopProps {
  locale: string;
  /**
   * The shops the request may go to: one fixes it, several add a picker. Named by slug, never by id:
   * the static pages are built from committed data or an outside catalogue whose ids may not be the
   * API's (the contract's shop_id takes either).
   */
  shops: readonly { slug: string; label: string }[];
  /** Chosen days (any order, blanks ignored): the first and last prefill the dates. */
  dates?: readonly (string | null | undefined)[];
  /** A product sold out on those days: named in the opening button and in the prefilled message. */
  product?: string;
}

type Fields = BookingRequestFormValues;

/** The confirmation's sentence about the customer's copy. */
const COPY_MESSAGES: Record<NonNullable<SentCopy>, string> = {
  sent: 'booking.askShop.sentCopy',
  notSent: 'booking.askShop.copyNotSent',
};

const INPUTS: Record<Exclude<BookingRequestField, 'shop_id' | 'message'>, { type: string; autoComplete: string }> = {
  first_name: { type: 'text', autoComplete: 'given-name' },
  last_name: { type: 'text', autoComplete: 'family-name' },
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
  date_from: { type: 'date', autoComplete: 'off' },
  date_to: { type: 'date', autoComplete: 'off' },
  people: { type: 'number', autoComplete: 'off' },
};

function initialValues(props: AskShopProps): Fields {
  const days = (props.dates ?? []).filter((d): d is string => !!d).sort();
  const from = days[0] ?? '';
  const to = days.at(-1) ?? '';
  return {
    shop_id: props.shops.length === 1 ? props.shops[0]!.slug : '',
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
    date_from: from,
    date_to: to,
    people: '',
    message: '',
  };
}

export default function AskShop(props: AskShopProps) {
  const t = useT(props.locale);
  const locale = toLocale(props.locale);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const done = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<{ shop: string; copy: SentCopy } | null>(null);
  // A held first click (client:lazy) is replayed once this is live.
  useIslandReady(root);

  const today = todayInRome();
  const form = useForm<Fields>({ defaultValues: initialValues(props), resolver: zodResolver(bookingRequestSchema(today), t) });
  const { errors, isSubmitting } = form.formState;
  const pickShop = props.shops.length > 1;

  const show = () => {
    const values = initialValues(props);
    if (props.product && values.date_from) {
      values.message = t('booking.askShop.soldOutMessage', { product: props.product, from: dayToDisplay(values.date_from), to: dayToDisplay(values.date_to) });
    }
    form.reset(values);
    setSent(null);
    setOpen(true);
  };
  const hide = () => dialog.current?.close();

  // The dialog exists only while open: modal (focus stays inside, Esc closes), then back to the button.
  // showModal() focuses the first focusable element (the header's close button): the form starts
  // at its first field instead.
  useEffect(() => {
    if (!open || !dialog.current || dialog.current.open) return;
    dialog.current.showModal();
    form.setFocus(pickShop ? 'shop_id' : 'first_name');
  }, [open]);
  // The form gives way to the confirmation: the focus goes to its button, the status is announced.
  useEffect(() => {
    if (sent) done.current?.focus();
  }, [sent]);

  const submit = form.handleSubmit(async (values) => {
    const outcome = await submitBookingRequest(values, locale);
    if (outcome.kind === 'sent') {
      const shop = props.shops.find((s) => s.slug === values.shop_id)?.label ?? '';
      setSent({ shop, copy: outcome.copy });
      return;
    }
    if (outcome.kind === 'failed') {
      form.setError('root', { message: outcome.message ?? t('booking.askShop.failed') });
      return;
    }
    let first = true;
    for (const [field, message] of Object.entries(outcome.errors)) {
      // The shop is fixed on a shop's page: a message about it is the form's own.
      const target = field === 'shop_id' && !pickShop ? 'root' : (field as Path<Fields> | 'root');
      form.setError(target, { message }, { shouldFocus: first && target !== 'root' });
      first = false;
    }
  });

  // A message about a shop the form does not show (the page's own) is the form's.
  const formError = errors.root?.message ?? (pickShop ? undefined : errors.shop_id?.message);
  const describedBy = (name: string, extra?: string) => [extra, `${id}-${name}-error`].filter(Boolean).join(' ');
  const error = (name: BookingRequestField) => (
    <p id={`${id}-${name}-error`} className="field__error">
      {errors[name]?.message}
    </p>
  );

  return (
    <div ref={root} className="ask-shop">
      <button ref={opener} type="button" className="button" aria-haspopup="dialog" onClick={show}>
        {t('booking.askShop.open')}
        {props.product && <span className="visually-hidden">: {props.product}</span>}
      </button>
      {open && (
        <dialog
          ref={dialog}
          className="sheet ask-shop__dialog"
          aria-labelledby={`${id}-title`}
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        >
          <div className="sheet__header">
            <h2 id={`${id}-title`}>{t('booking.askShop.title')}</h2>
            <button type="button" className="icon-button" onClick={hide} aria-label={t('booking.askShop.close')}>
              ×
            </button>
          </div>
          <p role="status" className="ask-shop__status">
            {sent && `${t('booking.askShop.sent', { shop: sent.shop })}${sent.copy ? ` ${t(COPY_MESSAGES[sent.copy])}` : ''}`}
          </p>
          {sent ? (
            <button ref={done} type="button" className="button" onClick={hide}>
              {t('booking.askShop.close')}
            </button>
          ) : (
            <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
              <p>{t('booking.askShop.intro')}</p>
              {pickShop && (
                <div className="field">
                  <label htmlFor={`${id}-shop_id`}>{t('booking.askShop.shop_id')}</label>
                  <select id={`${id}-shop_id`} aria-invalid={!!errors.shop_id} aria-describedby={describedBy('shop_id')} {...form.register('shop_id')}>
                    <option value="">{t('booking.askShop.chooseShop')}</option>
                    {props.shops.map((s) => (
                      <option key={s.slug} value={s.slug}>
                        {s.label}
                      </option>
                    ))}
                  </select>
                  {error('shop_id')}
                </div>
              )}
              {(Object.keys(INPUTS) as (keyof typeof INPUTS)[]).map((name) => {
                const input = INPUTS[name];
                const hint = name === 'email' ? `${id}-contact-hint` : undefined;
                return (
                  <div className="field" key={name}>
                    <label htmlFor={`${id}-${name}`}>{t(`booking.askShop.${name}`)}</label>
                    {hint && (
                      <p id={hint} className="ask-shop__hint">
                        {t('booking.askShop.contactHint')}
                      </p>
                    )}
                    <input
                      id={`${id}-${name}`}
                      type={input.type}
                      autoComplete={input.autoComplete}
                      {...(name === 'people' ? { min: 1, max: BOOKING_REQUEST_PEOPLE_MAX, inputMode: 'numeric' as const } : {})}
                      {...(name.startsWith('date_') ? { min: today } : {})}
                      aria-invalid={!!errors[name]}
                      aria-describedby={describedBy(name, hint)}
                      {...form.register(name)}
                    />
                    {error(name)}
                  </div>
                );
              })}
              <div className="field">
                <label htmlFor={`${id}-message`}>{t('booking.askShop.message')}</label>
                <textarea
                  id={`${id}-message`}
                  rows={4}
                  maxLength={BOOKING_REQUEST_MESSAGE_MAX}
                  aria-invalid={!!errors.message}
                  aria-describedby={describedBy('message')}
                  {...form.register('message')}
                />
                {error('message')}
              </div>
              {formError && (
                <p className="field__error" role="alert">
                  {formError}
                </p>
              )}
              <button type="submit" className="button" disabled={isSubmitting}>
                {t('booking.askShop.send')}
              </button>
            </form>
          )}
        </dialog>
      )}
    </div>
  );
}
