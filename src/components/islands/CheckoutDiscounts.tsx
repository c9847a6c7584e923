// The checkout's discounts: coupon codes (a refused one is shown with the reason and never sent,
// spec §5) and the fidelity card (a failed lookup sets it to null, spec §4).
import { useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '../../api/instance';
import { ApiClientError } from '../../api/client';
import { CouponResponseSchema } from '../../api/contract/coupons';
import { $cart, addCoupon, removeCoupon, setContact } from '../../stores/cart';
import { $configuration, loadFidelityCard } from '../../stores/configuration';
import { formatCurrency } from '../../domain/format';
import { useT } from '../../i18n/client';

export function CouponField({ locale }: { locale: string }) {
  const t = useT(locale);
  const cart = useStore($cart);
  const couponInput = useRef<HTMLInputElement>(null);
  const [couponCode, setCouponCode] = useState('');
  const [couponError, setCouponError] = useState<string | null>(null);

  const applyCoupon = async () => {
    if (!couponCode.trim()) return;
    setCouponError(null);
    try {
      const { data } = await api.post('v1/coupons', { json: { code: couponCode }, schema: CouponResponseSchema });
      // A code that applies replaces the earlier refusals on screen: refused codes are never sent
      // (spec §5), so dropping them changes nothing but the noise.
      if (!data.blocked) for (const c of $cart.get().coupons) if (c.blocked) removeCoupon(c.code);
      // A blocked (expired) code is kept, shown as refused with the reason, and never sent.
      addCoupon(data);
      setCouponCode('');
    } catch (err) {
      // An unknown code: the API's own message ("Il codice sconto … non esiste").
      if (err instanceof ApiClientError && err.status === 422) setCouponError(err.errors.code?.[0] ?? err.message);
    }
  };

  const dropCoupon = (code: string) => {
    removeCoupon(code);
    // The pressed button is gone: keep the keyboard in the coupon box rather than on the body.
    couponInput.current?.focus();
  };

  return (
    <fieldset>
      <legend>{t('checkout.coupon')}</legend>
      <div className="inline">
        <label htmlFor="checkout-coupon" className="visually-hidden">{t('checkout.coupon')}</label>
        <input
          id="checkout-coupon"
          ref={couponInput}
          value={couponCode}
          onChange={(e) => setCouponCode(e.target.value)}
          // Enter applies the code; it would otherwise submit the whole order form.
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            void applyCoupon();
          }}
          aria-invalid={!!couponError}
          aria-describedby="checkout-coupon-error"
        />
        <button type="button" className="button" onClick={applyCoupon} disabled={!couponCode.trim()}>
          {t('checkout.applyCoupon')}
        </button>
      </div>
      {/* Polite live regions: the outcome of "Applica" is read out where the customer stays. */}
      <p id="checkout-coupon-error" className="field__error" aria-live="polite">
        {couponError}
      </p>
      <ul aria-live="polite">
        {cart.coupons.map((c) => (
          <li key={c.code}>
            {c.blocked ? (
              <span className="refused">{t('checkout.couponRefused', { code: c.code })}</span>
            ) : (
              <span>{t('checkout.couponApplied', { code: c.code, amount: formatCurrency(c.amount) })}</span>
            )}{' '}
            <button type="button" className="link-button" onClick={() => dropCoupon(c.code)}>
              {t('checkout.remove')}
              <span className="visually-hidden"> {c.code}</span>
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

export function FidelityCardField({ locale }: { locale: string }) {
  const t = useT(locale);
  const configuration = useStore($configuration);
  const [cardNumber, setCardNumber] = useState($cart.get().fidelityCardNumber ?? '');
  const [cardState, setCardState] = useState<'ok' | 'ko' | null>(null);

  const checkCard = async () => {
    const card = await loadFidelityCard(cardNumber.trim());
    setCardState(card ? 'ok' : 'ko');
    setContact({ fidelityCardNumber: card ? card.number : null });
  };

  return (
    <fieldset>
      <legend>{t('checkout.fidelity')}</legend>
      <div className="inline">
        <label htmlFor="checkout-card" className="visually-hidden">{t('checkout.fidelity')}</label>
        <input
          id="checkout-card"
          value={cardNumber}
          onChange={(e) => setCardNumber(e.target.value)}
          // As for the coupon: Enter checks the card instead of submitting the order.
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            if (cardNumber.trim()) void checkCard();
          }}
        />
        <button type="button" className="button" onClick={checkCard} disabled={!cardNumber.trim()}>
          {t('checkout.applyFidelity')}
        </button>
      </div>
      {cardState === 'ok' && <p>{t('checkout.fidelityOk', { percent: Math.round((configuration.fidelityCard?.discount ?? 0) * 100) })}</p>}
      {cardState === 'ko' && <p className="field__error">{t('checkout.fidelityKo')}</p>}
    </fieldset>
  );
}
