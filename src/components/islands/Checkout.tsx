// Checkout (/prenota/{shop}/order): cart lines with add-ons and customers, the customer's details
// (fiscal code when an invoice is asked), documents (images/PDF, 8 MB, checked before upload),
// coupons (a blocked one is shown refused and never sent), fidelity card, totals by the cart rule,
// then the order placed as the API's multipart form — or, in edit mode, the patched form.
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useStore } from '@nanostores/react';
import { api } from '../../api/instance';
import { ApiClientError } from '../../api/client';
import { CouponResponseSchema } from '../../api/contract/coupons';
import { OrderEnvelopeSchema, type OrderResponse } from '../../api/contract/orders';
import { $cart, addCoupon, addMedia, clearCart, removeMedia, removeProduct, repriceForDates, setContact } from '../../stores/cart';
import { $configuration, $products, loadFidelityCard, loadShop } from '../../stores/configuration';
import { $session } from '../../stores/session';
import { fileFor, forgetFile, keepFile } from '../../stores/uploads';
import { cartTotal, usableCoupons } from '../../domain/cart';
import { productTotal } from '../../domain/pricing';
import { buildOrderEditFormData, buildOrderFormData } from '../../domain/orders';
import { email, fileSize, maxLength, required, toFormValidate } from '../../domain/validators';
import { formatCurrency } from '../../domain/format';
import { visibleMedias } from '../../domain/medias';
import { useT } from '../../i18n/client';
import { localizePath, toLocale } from '../../i18n/index';
import PayButton from './PayButton';
import './islands.css';

interface Fields {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  invoice: boolean;
  fiscal_code: string;
}


export default function Checkout({ locale, shop }: { locale: string; shop: string }) {
  const t = useT(locale);
  const lang = toLocale(locale);
  const cart = useStore($cart);
  const configuration = useStore($configuration);
  const products = useStore($products);
  const session = useStore($session);
  const [placed, setPlaced] = useState<OrderResponse | null>(null);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [couponCode, setCouponCode] = useState('');
  const [couponError, setCouponError] = useState<string | null>(null);
  const [cardNumber, setCardNumber] = useState(cart.fidelityCardNumber ?? '');
  const [cardState, setCardState] = useState<'ok' | 'ko' | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const { register, handleSubmit, watch, setError, setValue, getValues, formState } = useForm<Fields>({
    defaultValues: {
      first_name: cart.first_name ?? session.user?.first_name ?? '',
      last_name: cart.last_name ?? '',
      phone: cart.phone ?? '',
      email: session.user?.username ?? '',
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
    if (!getValues('email') && user.username) setValue('email', user.username);
  }, [session.user, getValues, setValue]);

  useEffect(() => {
    loadShop(shop)
      .then(() => repriceForDates($products.get(), $configuration.get().multipleDates, $configuration.get().dates))
      .catch(() => undefined);
    // Documents picked before a reload lost their file: they cannot be sent any more.
    for (const m of $cart.get().medias) if (!m.stored && !fileFor(m.img)) removeMedia(m);
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
  const subtotal = lines.reduce((sum, l) => sum + l.total, 0);
  const total = cartTotal(lines.map((l) => l.total), cart.coupons);

  const applyCoupon = async () => {
    setCouponError(null);
    try {
      const { data } = await api.post('v1/coupons', { json: { code: couponCode }, schema: CouponResponseSchema });
      addCoupon(data);
      setCouponCode('');
    } catch (err) {
      if (err instanceof ApiClientError && err.status === 422) setCouponError(err.errors.code?.[0] ?? err.message);
    }
  };

  const checkCard = async () => {
    const card = await loadFidelityCard(cardNumber.trim());
    setCardState(card ? 'ok' : 'ko');
    setContact({ fidelityCardNumber: card ? card.number : null });
  };

  const pickFiles = (list: FileList | null) => {
    setFileError(null);
    for (const file of Array.from(list ?? [])) {
      const ok = fileSize(file);
      if (ok !== true) {
        setFileError(t(ok.key, ok.params));
        continue;
      }
      addMedia({ id: 0, img: keepFile(file), url: file.name, front: false, stored: false, deleted: false });
    }
  };

  const submit = handleSubmit(async (values) => {
    setServerErrors([]);
    setContact({ first_name: values.first_name, last_name: values.last_name, phone: values.phone, fiscal_code: values.fiscal_code || null });
    const input = {
      ...$cart.get(),
      email: values.email,
      invoice: values.invoice,
      multipleDates: configuration.multipleDates,
      dates: configuration.dates,
      medias: cart.medias.map((m) => ({ ...m, file: m.stored ? null : (fileFor(m.img) ?? null) })),
    };
    try {
      const editing = cart.orderCodeToReplace;
      const body = editing ? buildOrderEditFormData(input) : buildOrderFormData(input);
      const path = editing ? `v1/orders/${encodeURIComponent(editing)}` : `v1/shops/${configuration.shop!.id}/orders`;
      const { data } = await api.post(path, { form: body, schema: OrderEnvelopeSchema });
      for (const m of cart.medias) forgetFile(m.img);
      clearCart();
      setPlaced(data);
    } catch (err) {
      if (!(err instanceof ApiClientError) || err.status !== 422) return;
      const rest: string[] = [];
      for (const [field, messages] of Object.entries(err.errors)) {
        if (['first_name', 'last_name', 'phone', 'email', 'fiscal_code'].includes(field)) setError(field as keyof Fields, { message: messages[0] });
        else rest.push(...messages);
      }
      setServerErrors(rest);
    }
  });

  if (placed)
    return (
      <section aria-labelledby="placed-title" className="placed">
        <h2 id="placed-title">{t('checkout.confirmed', { number: placed.number })}</h2>
        <p>{t('checkout.confirmedText', { email: placed.email })}</p>
        <p>
          {t('checkout.serverTotal')}: <strong data-testid="server-total">{formatCurrency(placed.total_amount)}</strong>
        </p>
        <p className="actions">
          <PayButton locale={locale} order={placed} />
          <a className="button" href={localizePath(lang, `/orders/${placed.uuid}`)}>
            {t('checkout.viewOrder')}
          </a>
        </p>
      </section>
    );

  if (cart.products.length === 0) return <p>{t('checkout.empty')}</p>;

  const text = toFormValidate([required, maxLength(100)], t);
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
      <ul className="lines">
        {lines.map((line, i) => (
          <li key={i}>
            <strong>{line.product?.label ?? t('checkout.line', { n: i + 1 })}</strong>
            {line.used.map((r) => (
              <span key={r!.price.id}> + {r!.label}</span>
            ))}
            {line.item.customer && <span className="muted"> · {line.item.customer.first_name} {line.item.customer.last_name}</span>}
            <span className="amount">{formatCurrency(line.total)}</span>
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
        {input('phone', toFormValidate([required, maxLength(40)], t), 'tel', 'tel')}
        {input('email', toFormValidate([required, email], t), 'email', 'email')}
        <label className="check">
          <input type="checkbox" {...register('invoice')} /> {t('checkout.invoice')}
        </label>
        {invoice && input('fiscal_code', toFormValidate([required, maxLength(32)], t))}
      </fieldset>

      <fieldset>
        <legend>{t('checkout.documents')}</legend>
        <div className="field">
          <label htmlFor="checkout-documents">{t('checkout.addDocument')}</label>
          <input id="checkout-documents" type="file" accept="image/*,application/pdf" multiple aria-describedby="checkout-documents-help checkout-documents-error" onChange={(e) => pickFiles(e.target.files)} />
          <p id="checkout-documents-help" className="muted">{t('checkout.documentsHelp')}</p>
          <p id="checkout-documents-error" className="field__error">{fileError}</p>
        </div>
        <ul className="documents">
          {visibleMedias(cart.medias).map((m, i) => {
            const file = fileFor(m.img);
            const name = file?.name ?? m.url ?? `#${m.id}`;
            return (
              <li key={`${m.id}-${m.img}-${i}`}>
                {file?.type.startsWith('image/') && m.img ? <img src={m.img} alt="" width="64" height="64" /> : null}
                <span>{name}</span>
                <button type="button" className="link-button" onClick={() => { removeMedia(m); forgetFile(m.img); }}>
                  {t('checkout.removeDocument', { name })}
                </button>
              </li>
            );
          })}
        </ul>
      </fieldset>

      <fieldset>
        <legend>{t('checkout.coupon')}</legend>
        <div className="inline">
          <label htmlFor="checkout-coupon" className="visually-hidden">{t('checkout.coupon')}</label>
          <input id="checkout-coupon" value={couponCode} onChange={(e) => setCouponCode(e.target.value)} aria-describedby="checkout-coupon-error" />
          <button type="button" className="button" onClick={applyCoupon} disabled={!couponCode.trim()}>
            {t('checkout.applyCoupon')}
          </button>
        </div>
        <p id="checkout-coupon-error" className="field__error">{couponError}</p>
        <ul>
          {cart.coupons.map((c) => (
            <li key={c.code} className={c.blocked ? 'refused' : undefined}>
              {c.blocked ? t('checkout.couponRefused', { code: c.code }) : t('checkout.couponApplied', { code: c.code, amount: formatCurrency(c.amount) })}
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset>
        <legend>{t('checkout.fidelity')}</legend>
        <div className="inline">
          <label htmlFor="checkout-card" className="visually-hidden">{t('checkout.fidelity')}</label>
          <input id="checkout-card" value={cardNumber} onChange={(e) => setCardNumber(e.target.value)} />
          <button type="button" className="button" onClick={checkCard} disabled={!cardNumber.trim()}>
            {t('checkout.applyFidelity')}
          </button>
        </div>
        {cardState === 'ok' && <p>{t('checkout.fidelityOk', { percent: Math.round((configuration.fidelityCard?.discount ?? 0) * 100) })}</p>}
        {cardState === 'ko' && <p className="field__error">{t('checkout.fidelityKo')}</p>}
      </fieldset>

      <dl className="totals">
        <dt>{t('checkout.subtotal')}</dt>
        <dd>{formatCurrency(subtotal)}</dd>
        {usableCoupons(cart.coupons).length > 0 && <dt>{t('checkout.discounts')}</dt>}
        {usableCoupons(cart.coupons).length > 0 && <dd>−{formatCurrency(subtotal - total)}</dd>}
        <dt>{t('checkout.total')}</dt>
        <dd>
          <strong data-testid="cart-total">{formatCurrency(total)}</strong>
        </dd>
      </dl>
      {serverErrors.length > 0 && (
        <ul role="alert" className="server-errors">
          {serverErrors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <button type="submit" className="button" disabled={formState.isSubmitting} aria-busy={formState.isSubmitting}>
        {formState.isSubmitting ? t('checkout.placing') : cart.orderCodeToReplace ? t('checkout.update') : t('checkout.place')}
      </button>
    </form>
  );
}
