// The checkout's discounts: coupon codes (a refused one is shown with the reason and never sent,
// spec §5) and the fidelity card (a failed lookup sets it to null, spec §4). A logged-in
// customer's own card is applied without typing, once per cart, and can be taken off.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import { $cart, removeCoupon } from '~/stores/cart';
import { applyCoupon, applyFidelityCard, applyOwnFidelityCard, removeFidelityCard, type FidelityCardCheck } from './stores/checkout';
import { $configuration } from '~/stores/configuration';
import { $session } from '~/stores/session';
import { formatCurrency } from '~/domain/format';
import { useT } from '~/i18n/client';

export function CouponField({ locale }: { locale: string }) {
  const t = useT(locale);
  const cart = useStore($cart);
  const couponInput = useRef<HTMLInputElement>(null);
  const [couponCode, setCouponCode] = useState('');
  const [couponError, setCouponError] = useState<string | null>(null);

  const apply = async () => {
    if (!couponCode.trim()) return;
    setCouponError(null);
    // The rule (what the cart keeps of the answer) is the store's: stores/checkout.ts applyCoupon.
    const outcome = await applyCoupon(couponCode);
    if (outcome.kind === 'added') setCouponCode('');
    else if (outcome.kind === 'refused') setCouponError(outcome.message);
  };

  const dropCoupon = (code: string) => {
    removeCoupon(code);
    // The pressed button is gone: keep the keyboard in the coupon box rather than on the body.
    couponInput.current?.focus();
  };

  return (
    <fieldset>
      <legend>{t('checkout.coupon')}</legend>
      <ApplyField
        id="checkout-coupon"
        label={t('checkout.coupon')}
        action={t('checkout.applyCoupon')}
        value={couponCode}
        onChange={setCouponCode}
        onApply={apply}
        inputRef={couponInput}
        invalid={!!couponError}
      />
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
  const applied = useStore($cart).fidelityCardNumber;
  const own = useStore($session).user?.fidelity_card_number ?? null;
  const cardInput = useRef<HTMLInputElement>(null);
  const [cardNumber, setCardNumber] = useState($cart.get().fidelityCardNumber ?? '');
  const [cardState, setCardState] = useState<FidelityCardCheck | null>(null);
  // The card applied for the customer rather than typed: said as theirs.
  const [ownApplied, setOwnApplied] = useState(false);

  useEffect(() => {
    void applyOwnFidelityCard(own).then((check) => {
      if (!check) return;
      setCardNumber(own!.trim());
      setCardState(check);
      setOwnApplied(check === 'ok');
    });
  }, [own]);

  const checkCard = async () => {
    setOwnApplied(false);
    setCardState(await applyFidelityCard(cardNumber));
  };

  const remove = async () => {
    setCardNumber('');
    setCardState(null);
    setOwnApplied(false);
    // The pressed button is gone: keep the keyboard in the card's box.
    cardInput.current?.focus();
    await removeFidelityCard();
  };

  const percent = Math.round((configuration.fidelityCard?.discount ?? 0) * 100);
  return (
    <fieldset>
      <legend>{t('checkout.fidelity')}</legend>
      <ApplyField
        id="checkout-card"
        label={t('checkout.fidelity')}
        action={t('checkout.applyFidelity')}
        value={cardNumber}
        onChange={setCardNumber}
        onApply={checkCard}
        inputRef={cardInput}
        invalid={cardState === 'ko' || cardState === 'typo'}
      />
      <div aria-live="polite">
        {applied && (
          <p>
            {ownApplied ? t('checkout.fidelityOwn', { number: applied, percent }) : cardState === 'ok' && t('checkout.fidelityOk', { percent })}{' '}
            <button type="button" className="link-button" onClick={() => void remove()}>
              {t('checkout.removeFidelity')}
            </button>
          </p>
        )}
      </div>
      <p id="checkout-card-error" className="field__error" aria-live="polite">
        {cardState === 'ko' && t('checkout.fidelityKo')}
        {cardState === 'typo' && t('checkout.fidelityTypo')}
      </p>
    </fieldset>
  );
}

/**
 * A code box and its button (coupon, fidelity card). Enter applies the code: in the checkout form it
 * would otherwise submit the whole order. `id-error` describes the box (its message, if any).
 */
function ApplyField(props: {
  id: string;
  label: string;
  action: string;
  value: string;
  onChange: (value: string) => void;
  onApply: () => unknown;
  inputRef?: RefObject<HTMLInputElement | null>;
  invalid?: boolean;
}) {
  const empty = !props.value.trim();
  return (
    <div className="inline">
      <label htmlFor={props.id} className="visually-hidden">
        {props.label}
      </label>
      <input
        id={props.id}
        ref={props.inputRef}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          if (!empty) void props.onApply();
        }}
        aria-invalid={props.invalid || undefined}
        aria-describedby={`${props.id}-error`}
      />
      <button type="button" className="button" onClick={() => void props.onApply()} disabled={empty}>
        {props.action}
      </button>
    </div>
  );
}
