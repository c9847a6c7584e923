// The checkout's form as the customer sees it: the cart's lines, the contact details, documents,
// coupon and fidelity card, totals, the refusals and the submit button. It only renders: who drives
// the fields (`binding`) is the light host of the first paint (Checkout.tsx) or react-hook-form
// (CheckoutLive.tsx), and this component stays mounted when one hands over to the other, so the
// elements, what they hold, the focus and the caret are the customer's throughout.
import type { FormEvent, RefObject } from 'react';
import { lazy, Suspense } from 'react';
import { useStore } from '@nanostores/react';
import type { CheckoutLine } from './lines';
import { $cart, removeProduct } from '~/stores/cart';
import { $configuration } from '~/stores/configuration';
import { documentsRequired, TotemTypes } from '~/domain/kiosk';
import { cartTotal, usableCoupons } from '~/domain/cart';
import { formatCurrency } from '~/domain/format';
import { datesChipText } from '~/domain/dates';
import { dateShower } from '../shared/show-date';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';
import CheckoutDocuments from './CheckoutDocuments';
import TermsConsent from './TermsConsent';
import { CouponField, FidelityCardField } from './CheckoutDiscounts';
import type { ContactField } from './form-dom';
import type { CheckoutValues } from './stores/send-order';
import type { FieldProps } from '~/components/ui/useLoadOnFirstUse';

/** Who drives the contact fields. */
export interface CheckoutBinding {
  register: (name: ContactField) => FieldProps;
  errors: Partial<Record<ContactField, string>>;
  isSubmitting: boolean;
  /** Whether an invoice is asked (the fiscal code's field shows). */
  invoice: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
}

interface CheckoutFormProps {
  locale: string;
  shop: string;
  lines: CheckoutLine[];
  /** Whether the shop's catalogue is here (until then the lines have no price). */
  priced: boolean;
  binding: CheckoutBinding;
  /** The fields' first values (uncontrolled: read when each mounts, never changed after). */
  defaults: CheckoutValues;
  formRef: RefObject<HTMLFormElement | null>;
  serverErrors: string[];
  serverErrorsBox: RefObject<HTMLDivElement | null>;
  documentsError: string | null;
  /** The customer starts using the form (focus, pointer, key): the light host loads react-hook-form then. */
  onUse?: () => void;
}

/** The public kiosk's camera: loaded there only, so the site's checkout carries none of it. */
const CheckoutCamera = lazy(() => import('./CheckoutCamera'));

export default function CheckoutForm(props: CheckoutFormProps) {
  const { locale, shop, lines, binding, defaults, serverErrors } = props;
  const t = useT(locale);
  const lang = toLocale(locale);
  const cart = useStore($cart);
  const configuration = useStore($configuration);
  const datesChip = datesChipText(configuration.multipleDates, configuration.dates, dateShower(t));
  // A kiosk's order needs an identity document unless the totem says otherwise (server-enforced too).
  const needsDocuments = documentsRequired(configuration.totem);
  const subtotal = lines.reduce((sum, l) => sum + l.total, 0);
  const total = cartTotal(lines.map((l) => l.total), cart.coupons);
  // Until the shop's catalogue is here the lines have no price: say so rather than show 0,00 €.
  const priced = props.priced;
  const amount = (value: number) => (priced ? formatCurrency(value) : '…');
  const { errors, isSubmitting, register } = binding;

  // The site's customer accepts the terms with the order; a kiosk's are signed at the counter, and
  // an edit keeps the consent the order was placed with.
  const asksConsent = !configuration.totem && !cart.orderCodeToReplace;

  const input = (f: Exclude<ContactField, 'invoice' | 'terms'>, type = 'text', autoComplete?: string) => (
    <div className="field">
      <label htmlFor={`checkout-${f}`}>{t(`checkout.${f}`)}</label>
      <input id={`checkout-${f}`} type={type} autoComplete={autoComplete} aria-invalid={!!errors[f]} aria-describedby={`checkout-${f}-error`} defaultValue={defaults[f]} {...register(f)} />
      <p id={`checkout-${f}-error`} className="field__error">{errors[f]}</p>
    </div>
  );

  return (
    <form
      ref={props.formRef}
      className="checkout"
      onSubmit={binding.onSubmit}
      onFocus={props.onUse}
      onPointerDown={props.onUse}
      onKeyDown={props.onUse}
      noValidate
    >
      {cart.orderCodeToReplace && <p className="notice">{t('checkout.editing', { number: cart.orderNumberToReplace ?? cart.orderCodeToReplace })}</p>}
      <h2>{t('checkout.title')}</h2>
      {/* The summary is for these dates: say which, with the way to change them. */}
      <p className="booking-dates">
        <a href={localizePath(lang, `/prenota/${shop}/calendar`)}>{t('appBar.changeDates', { dates: t(datesChip.key, datesChip.params) })}</a>
      </p>
      <ul className="lines">
        {lines.map((line, i) => (
          <li key={i} className="cart-line">
            <span className="cart-line__what">
              <strong>{line.product?.label ?? t('checkout.line', { n: i + 1 })}</strong>
              {line.used.map((r) => (
                <span key={r.price.id}> + {r.label}</span>
              ))}
              {line.item.customer && <span className="muted"> · {line.item.customer.first_name} {line.item.customer.last_name}</span>}
            </span>
            <span className="amount">{amount(line.total)}</span>
            <button type="button" className="link-button" onClick={() => removeProduct(i)}>
              {t('checkout.remove')}
              <span className="visually-hidden"> {line.product?.label}</span>
            </button>
          </li>
        ))}
      </ul>

      <fieldset>
        <legend>{t('checkout.contact')}</legend>
        {input('first_name', 'text', 'given-name')}
        {input('last_name', 'text', 'family-name')}
        {input('phone', 'tel', 'tel')}
        {input('email', 'email', 'email')}
        <label className="check">
          <input type="checkbox" defaultChecked={defaults.invoice} {...register('invoice')} /> {t('checkout.invoice')}
        </label>
        {binding.invoice && input('fiscal_code')}
      </fieldset>

      {needsDocuments && configuration.totem?.type === TotemTypes.PUBLIC ? (
        <Suspense fallback={<p aria-busy="true">{t('kiosk.camera.legend')}</p>}>
          <CheckoutCamera locale={locale} error={props.documentsError} />
        </Suspense>
      ) : (
        <CheckoutDocuments locale={locale} required={needsDocuments} error={props.documentsError} />
      )}

      <CouponField locale={locale} />
      <FidelityCardField locale={locale} />

      <dl className="totals" aria-busy={!priced}>
        <dt>{t('checkout.subtotal')}</dt>
        <dd>{amount(subtotal)}</dd>
        {usableCoupons(cart.coupons).length > 0 && <dt>{t('checkout.discounts')}</dt>}
        {usableCoupons(cart.coupons).length > 0 && <dd>−{amount(subtotal - total)}</dd>}
        <dt>{t('checkout.total')}</dt>
        <dd>
          <strong data-testid="cart-total">{priced ? formatCurrency(total) : t('checkout.pricing')}</strong>
        </dd>
      </dl>
      {asksConsent && <TermsConsent locale={locale} register={register('terms')} error={errors.terms} />}
      {serverErrors.length > 0 && (
        // An alert (read out when it appears) named by its title, focusable so a refusal without a
        // field of the form to point at can take the focus; a div, so the list keeps its role.
        <div ref={props.serverErrorsBox} role="alert" aria-labelledby="checkout-server-errors-title" tabIndex={-1} className="server-errors">
          <p id="checkout-server-errors-title">
            <strong>{t('checkout.notSent')}</strong>
          </p>
          <ul>
            {serverErrors.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      )}
      <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? t('checkout.placing') : cart.orderCodeToReplace ? t('checkout.update') : t('checkout.place')}
      </button>
    </form>
  );
}
