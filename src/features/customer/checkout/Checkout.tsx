// Checkout (/prenota/{shop}/order): cart lines with add-ons and customers, the customer's details
// (fiscal code when an invoice is asked), documents (images/PDF, 8 MB, checked before upload),
// coupons (a blocked one is shown refused and never sent), fidelity card, totals by the cart rule,
// then the order placed as the API's multipart form — or, in edit mode, the patched form.
// Feedback lands where the customer is: after a refusal focus goes to the first field in error (or
// to the list of the other errors), after success to the confirmation's heading.
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useStore } from '@nanostores/react';
import type { OrderResponse } from '../../../api/contract/orders';
import { $cart, removeProduct } from '../../../stores/cart';
import { $configuration, $products } from '../../../stores/configuration';
import { $session } from '../../../stores/session';
import { openCheckout, submitOrder, type CheckoutValues } from './stores/checkout';
import { documentsRequired } from '../../../domain/kiosk';
import { cartTotal, usableCoupons } from '../../../domain/cart';
import { productTotal } from '../../../domain/pricing';
import { cartLineOfError } from '../../../domain/orders';
import type { CheckoutRefusal } from '../../../domain/checkout-errors';
import { email, maxLength, ORDER_FIELD_MAX, phone, required, toFormValidate } from '../../../domain/validators';
import { formatCurrency } from '../../../domain/format';
import { datesChipText } from '../../../domain/dates';
import { dateShower } from '../shared/show-date';
import { useT } from '../../../i18n/client';
import { localizePath, toLocale } from '../../../i18n/index';
// The confirmation (with the pay button and its payment code) is needed only once the order is
// placed: fetched when the customer presses the button, kept out of the page's first load (the
// checkout's JS budget is 120 KB gzip).
const loadConfirmation = () => import('./CheckoutConfirmation');
const CheckoutConfirmation = lazy(loadConfirmation);
import CheckoutDocuments from './CheckoutDocuments';
import { CouponField, FidelityCardField } from './CheckoutDiscounts';
import '../../../components/ui/controls.css';
import '../shared/booking.css';
import './checkout.css';
import '../shared/order-lines.css';

type Fields = CheckoutValues;

/** Brings an element into view and focuses it (a field, the error list, the confirmation). */
function reveal(el: HTMLElement | null | undefined): void {
  if (!el) return;
  el.scrollIntoView({ block: 'center' });
  el.focus({ preventScroll: true });
}

export default function Checkout({ locale, shop }: { locale: string; shop: string }) {
  const t = useT(locale);
  const lang = toLocale(locale);
  const cart = useStore($cart);
  const configuration = useStore($configuration);
  const datesChip = datesChipText(configuration.multipleDates, configuration.dates, dateShower(t));
  const products = useStore($products);
  const session = useStore($session);
  // `edited`: the order replaced an existing one (the cart had orderCodeToReplace), whose
  // confirmation says the changes were saved.
  const [placed, setPlaced] = useState<{ order: OrderResponse; edited: boolean } | null>(null);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  // A kiosk's order needs an identity document unless the totem says otherwise (server-enforced too).
  const needsDocuments = documentsRequired(configuration.totem);
  const [documentsError, setDocumentsError] = useState<string | null>(null);
  const serverErrorsBox = useRef<HTMLDivElement>(null);
  // Set when a refusal has no field of the form to focus: the error list takes the focus once shown.
  const focusServerErrors = useRef(false);
  const { register, handleSubmit, watch, setError, setFocus, setValue, getValues, formState } = useForm<Fields>({
    defaultValues: {
      first_name: cart.first_name ?? session.user?.first_name ?? '',
      last_name: cart.last_name ?? session.user?.last_name ?? '',
      phone: cart.phone ?? session.user?.phone ?? '',
      email: cart.email ?? session.user?.username ?? '',
      invoice: false,
      fiscal_code: cart.fiscal_code ?? '',
    },
  });
  const invoice = watch('invoice');

  // The logged-in customer's details arrive after the first render: fill what is still empty.
  useEffect(() => {
    const user = session.user;
    if (!user) return;
    if (!getValues('first_name') && user.first_name) setValue('first_name', user.first_name);
    if (!getValues('last_name') && user.last_name) setValue('last_name', user.last_name);
    if (!getValues('phone') && user.phone) setValue('phone', user.phone);
    if (!getValues('email') && user.username) setValue('email', user.username);
  }, [session.user, getValues, setValue]);

  useEffect(() => {
    void openCheckout(shop);
  }, [shop]);

  const lines = useMemo(
    () =>
      cart.products.map((item) => {
        const product = products.find((p) => p.id === item.id);
        const main = product?.prices.find((p) => p.id === item.id_price) ?? null;
        const used = item.related.filter((r) => r.used).map((r) => product?.related.find((x) => x.price.id === r.id_price)).filter((r) => !!r);
        return { item, product, main, used, total: main ? productTotal(main, used.map((r) => ({ price: r.price })), { days: item.days }) : 0 };
      }),
    [cart.products, products],
  );
  useEffect(() => {
    if (!focusServerErrors.current || serverErrors.length === 0) return;
    focusServerErrors.current = false;
    reveal(serverErrorsBox.current);
  }, [serverErrors]);

  const subtotal = lines.reduce((sum, l) => sum + l.total, 0);
  const total = cartTotal(lines.map((l) => l.total), cart.coupons);
  // Until the shop's catalogue is here the lines have no price: say so rather than show 0,00 €.
  const priced = products.length > 0;
  const amount = (value: number) => (priced ? formatCurrency(value) : '…');

  /** A message about a cart line names the line (and the customer's field) it is about. */
  const aboutLine = (field: string, message: string) => {
    const at = cartLineOfError(field);
    if (!at) return message;
    const line = lines[at.line]?.product?.label ?? t('checkout.line', { n: at.line + 1 });
    if (!at.customerField) return t('checkout.lineError', { line, message });
    return t('checkout.lineFieldError', { line, field: t(`booking.customer.${at.customerField}`), message });
  };

  /** A refusal shown where it belongs (stores/checkout.ts decides where: domain/checkout-errors.ts). */
  const showRefusal = ({ fields, documents, others, focus }: CheckoutRefusal) => {
    for (const [field, message] of fields) setError(field, { message });
    if (documents) setDocumentsError(documents);
    // The fields come first on the page: the first refused one takes the focus (and is read out
    // with its message); with none, the documents or the list do. The list is an alert either way.
    if (focus === 'documents') reveal(document.getElementById('checkout-documents'));
    else if (focus === 'list') focusServerErrors.current = true;
    else if (focus) {
      document.getElementById(`checkout-${focus}`)?.scrollIntoView({ block: 'center' });
      setFocus(focus);
    }
    setServerErrors([...new Set(others.map(({ field, message }) => aboutLine(field, message)))]);
  };

  const submit = handleSubmit(async (values) => {
    void loadConfirmation();
    setServerErrors([]);
    setDocumentsError(null);
    const outcome = await submitOrder(values);
    if (outcome.kind === 'placed') setPlaced({ order: outcome.order, edited: outcome.edited });
    else if (outcome.kind === 'documentsMissing') {
      setDocumentsError(t('validators.documentRequired'));
      reveal(document.getElementById('checkout-documents'));
    } else if (outcome.kind === 'gone') {
      focusServerErrors.current = true;
      setServerErrors([outcome.message]);
    } else if (outcome.kind === 'refused') showRefusal(outcome.refusal);
  });

  if (placed)
    return (
      <Suspense fallback={<p aria-busy="true">{t('checkout.placing')}</p>}>
        <CheckoutConfirmation locale={locale} order={placed.order} edited={placed.edited} />
      </Suspense>
    );

  if (cart.products.length === 0) return <p>{t('checkout.empty')}</p>;

  const text = toFormValidate([required, maxLength(ORDER_FIELD_MAX.name)], t);
  const err = (f: keyof Fields) => formState.errors[f]?.message;
  const input = (f: Exclude<keyof Fields, 'invoice'>, validate: (v: unknown) => true | string, type = 'text', autoComplete?: string) => (
    <div className="field">
      <label htmlFor={`checkout-${f}`}>{t(`checkout.${f}`)}</label>
      <input id={`checkout-${f}`} type={type} autoComplete={autoComplete} aria-invalid={!!err(f)} aria-describedby={`checkout-${f}-error`} {...register(f, { validate })} />
      <p id={`checkout-${f}-error`} className="field__error">{err(f)}</p>
    </div>
  );

  return (
    <form className="checkout" onSubmit={submit} noValidate>
      {cart.orderCodeToReplace && <p className="notice">{t('checkout.editing', { number: cart.orderNumberToReplace ?? cart.orderCodeToReplace })}</p>}
      <h2>{t('checkout.title')}</h2>
      {/* The summary is for these dates: say which, with the way to change them. */}
      <p className="booking-dates">
        <a href={localizePath(lang, `/prenota/${shop}/calendar`)}>{t('appBar.changeDates', { dates: t(datesChip.key, datesChip.params) })}</a>
      </p>
      <ul className="lines">
        {lines.map((line, i) => (
          <li key={i}>
            <strong>{line.product?.label ?? t('checkout.line', { n: i + 1 })}</strong>
            {line.used.map((r) => (
              <span key={r!.price.id}> + {r!.label}</span>
            ))}
            {line.item.customer && <span className="muted"> · {line.item.customer.first_name} {line.item.customer.last_name}</span>}
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
        {input('first_name', text, 'text', 'given-name')}
        {input('last_name', text, 'text', 'family-name')}
        {/* The API's phone rule, checked before sending (tests/unit/api/contract/phone-rule.test.ts). */}
        {input('phone', toFormValidate([required, maxLength(ORDER_FIELD_MAX.phone), phone], t), 'tel', 'tel')}
        {input('email', toFormValidate([required, email], t), 'email', 'email')}
        <label className="check">
          <input type="checkbox" {...register('invoice')} /> {t('checkout.invoice')}
        </label>
        {invoice && input('fiscal_code', toFormValidate([required, maxLength(ORDER_FIELD_MAX.fiscalCode)], t))}
      </fieldset>

      <CheckoutDocuments locale={locale} required={needsDocuments} error={documentsError} />

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
      {serverErrors.length > 0 && (
        // An alert (read out when it appears) named by its title, focusable so a refusal without a
        // field of the form to point at can take the focus; a div, so the list keeps its role.
        <div ref={serverErrorsBox} role="alert" aria-labelledby="checkout-server-errors-title" tabIndex={-1} className="server-errors">
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
      <button type="submit" className="button" disabled={formState.isSubmitting} aria-busy={formState.isSubmitting}>
        {formState.isSubmitting ? t('checkout.placing') : cart.orderCodeToReplace ? t('checkout.update') : t('checkout.place')}
      </button>
    </form>
  );
}
